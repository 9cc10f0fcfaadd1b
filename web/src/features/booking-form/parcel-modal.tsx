import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarType } from '../../../../shared/src/contract';
import { useSettings } from '../../app/settings-context';
import { formatMoney } from '../../components/format-money';
import { ModalFooter } from '../../components/modal-footer';

export interface ParcelChoice {
  /** null: "none", nothing added to the fare. */
  parcelTypeIndex?: number | null;
  optionIndex?: number | null;
}

const NONE = 'none';

export interface ParcelModalProps {
  /** Open while set. */
  carType: CarType | null;
  busy: boolean;
  onCancel: () => void;
  onContinue: (choice: ParcelChoice) => void;
}

/**
 * Spec §2/§4 delivery mode: when the car type has parcel types or options, what is sent and how
 * is asked before the estimate; each choice's amount is added to the fare (§9).
 */
export function ParcelModal({ carType, busy, onCancel, onContinue }: ParcelModalProps) {
  const { t, i18n } = useTranslation();
  const { settings } = useSettings();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [parcelType, setParcelType] = useState('0');
  const [option, setOption] = useState('0');
  // Each opening starts from the first of each list.
  useEffect(() => {
    setParcelType('0');
    setOption('0');
  }, [carType?.id]);

  const hasTypes = !!carType?.parcelTypes.length;
  const hasOptions = !!carType?.options.length;
  // "None" comes last: a parcel needs no extra handling, and the fare adds nothing for it (§9).
  const items = (list: CarType['parcelTypes']) => [
    ...list.map((p, i) => ({ value: String(i), label: p.description, description: `+ ${formatMoney(p.amount, settings.symbol, locale)}` })),
    { value: NONE, label: t('rider_parcel_none'), description: t('rider_parcel_none_hint') },
  ];
  const index = (value: string) => (value === NONE ? null : Number(value));

  return (
    <Modal
      visible={carType !== null}
      onDismiss={onCancel}
      header={t('bf_parcel_title')}
      closeAriaLabel={t('close')}
      data-testid="parcel-modal"
      footer={
        <ModalFooter
          onCancel={onCancel}
          onConfirm={() =>
            onContinue({
              ...(hasTypes ? { parcelTypeIndex: index(parcelType) } : {}),
              ...(hasOptions ? { optionIndex: index(option) } : {}),
            })
          }
          busy={busy}
          confirmLabel={t('bf_get_estimate')}
          confirmTestId="parcel-continue"
        />
      }
    >
      {carType ? (
        <SpaceBetween size="l">
          {hasTypes ? (
            <FormField label={t('bf_parcel_type')} description={t('bf_parcel_type_hint')}>
              <RadioGroup value={parcelType} onChange={({ detail }) => setParcelType(detail.value)} items={items(carType.parcelTypes)} />
            </FormField>
          ) : null}
          {hasOptions ? (
            <FormField label={t('bf_parcel_option')} description={t('bf_parcel_option_hint')}>
              <RadioGroup value={option} onChange={({ detail }) => setOption(detail.value)} items={items(carType.options)} />
            </FormField>
          ) : null}
        </SpaceBetween>
      ) : null}
    </Modal>
  );
}
