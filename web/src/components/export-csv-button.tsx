import Button from '@cloudscape-design/components/button';
import { useTranslation } from 'react-i18next';

/** The table header's CSV export button. */
export function ExportCsvButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Button iconName="download" onClick={onClick} disabled={disabled} data-testid="export-csv">
      {t('export_csv')}
    </Button>
  );
}
