import Alert from '@cloudscape-design/components/alert';
import { useTranslation } from 'react-i18next';

/** A failed action: a translation key (usually the API error code) and the text to show without one. */
export interface ActionProblem {
  key: string;
  fallback?: string;
}

/**
 * The alert of a refused or failed action in a dialog or form: a warning for demo mode (the
 * server refuses critical edits), an error for anything else. Nothing when there is no problem.
 */
export function ProblemAlert({ problem, testId }: { problem: ActionProblem | null | undefined; testId: string }) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <Alert type={problem.key === 'demo_mode' ? 'warning' : 'error'} data-testid={testId}>
      {t(problem.key, { defaultValue: problem.fallback })}
    </Alert>
  );
}
