import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import { errorText } from './error-text';
import type { ActionProblem } from './problem-alert';

/**
 * The state of a delete confirmation dialog for `target`: open clears the last problem, confirm
 * runs `remove` and closes on success, or keeps the dialog open with the problem (demo mode: the
 * server refuses with demo_mode) and hands the error to `onFailure`.
 */
export function useDeleteConfirmation<T>(target: T | undefined, remove: (target: T) => Promise<void>, onFailure?: (error: unknown) => void) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ActionProblem | null>(null);

  const open = () => {
    setProblem(null);
    setVisible(true);
  };
  const close = () => setVisible(false);

  const confirm = async () => {
    if (target === undefined) return;
    setBusy(true);
    setProblem(null);
    try {
      await remove(target);
      setVisible(false);
    } catch (e) {
      setProblem({ key: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) });
      onFailure?.(e);
    } finally {
      setBusy(false);
    }
  };

  return { visible, busy, problem, open, close, confirm };
}
