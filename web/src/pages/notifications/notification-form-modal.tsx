import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NotificationDeviceType, NotificationFields, NotificationUserType, type Notification,
} from '../../../../shared/src/contract/notifications';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { errorText } from '../../components/error-text';
import { ModalFooter } from '../../components/modal-footer';
import { ProblemAlert } from '../../components/problem-alert';

type Field = 'title' | 'body';
interface Problem { key: string; field?: Field; fallback?: string }
type UserType = Notification['usertype'];
type DeviceType = Notification['devicetype'];

const half = { colspan: { default: 12, xs: 6 } };

export interface NotificationFormModalProps {
  visible: boolean;
  notification?: Notification;
  onDismiss: () => void;
  onSaved: (notification: Notification, mode: 'add' | 'edit') => void;
}

/** Spec editNotifications Add and Update: user type, device type, title and message (§3 Push notification). */
export function NotificationFormModal({ visible, notification: current, onDismiss, onSaved }: NotificationFormModalProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [editing, setEditing] = useState<Notification | undefined>(current);
  const mode = editing ? 'edit' : 'add';
  const [usertype, setUsertype] = useState<UserType>('All');
  const [devicetype, setDevicetype] = useState<DeviceType>('All');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setEditing(current);
    setUsertype(current?.usertype ?? 'All');
    setDevicetype(current?.devicetype ?? 'All');
    setTitle(current?.title ?? '');
    setBody(current?.body ?? '');
    setProblem(null);
    // Reset on open or for another notification only, never on a live reload of the same one.
  }, [visible, current?.id]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const parsed = NotificationFields.safeParse({ usertype, devicetype, title, body });
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0] === 'body' ? 'body' : 'title';
      return setProblem({ key: field === 'title' ? 'notification_title_invalid' : 'notification_body_invalid', field });
    }
    setBusy(true);
    setProblem(null);
    try {
      const saved = editing
        ? await api.updateNotification({ params: { id: editing.id }, body: { version: editing.version, notification: parsed.data } })
        : await api.addNotification({ body: parsed.data });
      onSaved(saved, mode);
    } catch (err) {
      setProblem({ key: isApiError(err) ? err.code : 'request_failed', fallback: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (f: Field) => (problem?.field === f ? t(problem.key) : undefined);
  const clear = (f: Field) => { if (problem?.field === f) setProblem(null); };

  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header={t(mode === 'add' ? 'add_notification' : 'edit_notification')}
      closeAriaLabel={t('close')}
      footer={<ModalFooter onCancel={onDismiss} onConfirm={() => void submit()} busy={busy} confirmLabel={t('save')} confirmTestId="notification-save" />}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <SpaceBetween size="m">
          <ProblemAlert problem={problem && !problem.field ? problem : null} testId="notification-form-error" />
          <Grid gridDefinition={[half, half]}>
            <FormField label={t('col_usertype')}>
              <Select
                selectedOption={{ value: usertype, label: t(`usertype_${usertype}`) }}
                options={NotificationUserType.options.map((u) => ({ value: u, label: t(`usertype_${u}`) }))}
                onChange={({ detail }) => setUsertype(detail.selectedOption.value as UserType)}
                data-testid="notification-usertype"
              />
            </FormField>
            <FormField label={t('col_devicetype')}>
              <Select
                selectedOption={{ value: devicetype, label: t(`devicetype_${devicetype}`) }}
                options={NotificationDeviceType.options.map((d) => ({ value: d, label: t(`devicetype_${d}`) }))}
                onChange={({ detail }) => setDevicetype(detail.selectedOption.value as DeviceType)}
                data-testid="notification-devicetype"
              />
            </FormField>
          </Grid>
          <FormField label={t('col_notification_title')} errorText={fieldError('title')}>
            <Input value={title} onChange={({ detail }) => { setTitle(detail.value); clear('title'); }} invalid={problem?.field === 'title'} data-testid="notification-title" />
          </FormField>
          <FormField label={t('col_notification_body')} errorText={fieldError('body')}>
            <Textarea value={body} rows={4} onChange={({ detail }) => { setBody(detail.value); clear('body'); }} invalid={problem?.field === 'body'} data-testid="notification-body" />
          </FormField>
          <button type="submit" hidden aria-hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}
