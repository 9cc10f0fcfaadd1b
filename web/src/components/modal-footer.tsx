import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';

export interface ModalFooterProps {
  onCancel: () => void;
  onConfirm: () => void;
  /** The action is running: the confirm button spins and Cancel is disabled. */
  busy: boolean;
  /** The already translated text of the confirm button. */
  confirmLabel: string;
  confirmTestId: string;
}

/** The footer of a dialog: Cancel (link) and the primary action, right-aligned. */
export function ModalFooter({ onCancel, onConfirm, busy, confirmLabel, confirmTestId }: ModalFooterProps) {
  const { t } = useTranslation();
  return (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant="link" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="primary" onClick={onConfirm} loading={busy} data-testid={confirmTestId}>
          {confirmLabel}
        </Button>
      </SpaceBetween>
    </Box>
  );
}
