import Box from '@cloudscape-design/components/box';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalFooter } from './modal-footer';

export interface ConfirmDeleteModalProps {
  visible: boolean;
  busy: boolean;
  onDismiss: () => void;
  onConfirm: () => void;
  /** Translated header and question. */
  header: string;
  text: string;
  confirmTestId: string;
  /** The confirm button's text when the action is not a delete (e.g. Send). */
  confirmLabel?: string;
  /** Below the question: the alert of a failed delete, if any. */
  children?: ReactNode;
}

/** The "are you sure" dialog before a delete (or another action that cannot be undone): the question, Cancel and Delete. */
export function ConfirmDeleteModal({ visible, busy, onDismiss, onConfirm, header, text, confirmTestId, confirmLabel, children }: ConfirmDeleteModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header={header}
      closeAriaLabel={t('close')}
      footer={<ModalFooter onCancel={onDismiss} onConfirm={onConfirm} busy={busy} confirmLabel={confirmLabel ?? t('delete')} confirmTestId={confirmTestId} />}
    >
      <SpaceBetween size="m">
        <Box variant="p">{text}</Box>
        {children}
      </SpaceBetween>
    </Modal>
  );
}
