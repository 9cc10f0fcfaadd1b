import FormField from '@cloudscape-design/components/form-field';
import Multiselect from '@cloudscape-design/components/multiselect';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES, type DocumentType } from '../../../../shared/src/domain/driver-documents';

/** The settings form's "documents a driver must hold" (none: documents are kept but not required). */
export function MandatoryDocumentsField({ value, onChange }: { value: readonly DocumentType[]; onChange: (next: DocumentType[]) => void }) {
  const { t } = useTranslation();
  const options = DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`doc_${type}`) }));
  return (
    <FormField label={t('set_mandatoryDocuments')} description={t('set_mandatoryDocuments_hint')}>
      <Multiselect
        selectedOptions={options.filter((o) => value.includes(o.value))}
        onChange={({ detail }) => onChange(DOCUMENT_TYPES.filter((type) => detail.selectedOptions.some((o) => o.value === type)))}
        options={options}
        placeholder={t('set_mandatoryDocuments_placeholder')}
        data-testid="mandatory-documents"
      />
    </FormField>
  );
}
