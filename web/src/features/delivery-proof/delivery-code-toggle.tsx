import Toggle from '@cloudscape-design/components/toggle';
import { useTranslation } from 'react-i18next';

/** The settings' switch for delivery codes (delivery mode only): off unless switched on. */
export function DeliveryCodeToggle({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Toggle checked={checked} onChange={({ detail }) => onChange(detail.checked)} description={t('set_delivery_code_secure_hint')} data-testid="settings-delivery_code_secure">
      {t('set_delivery_code_secure')}
    </Toggle>
  );
}
