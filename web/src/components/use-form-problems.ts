import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A refused value or action: a translation key, and the text to show when the key has none. */
export interface FormProblem<F extends string> {
  key: string;
  field?: F;
  /** Text when the key has no translation (a raw server message). */
  fallback?: string;
}

/**
 * The problems of a form, one per field at most plus one for the form as a whole. Every field a
 * check refuses is flagged at once (not the first only, then the next on the next try), and a
 * field's problem goes away as soon as that field is edited: an old error never sits beside a
 * value that has been corrected.
 */
export function useFormProblems<F extends string>() {
  const { t } = useTranslation();
  const [problems, setProblems] = useState<readonly FormProblem<F>[]>([]);

  /** Replaces every problem with these (none clears the form). */
  const flag = useCallback((...next: (FormProblem<F> | null | undefined)[]) => {
    setProblems(next.filter((p): p is FormProblem<F> => !!p));
  }, []);

  /** The field was edited: its problem, and a form-wide one that may have been about it, go. */
  const edited = useCallback((field: F) => {
    setProblems((now) => (now.length === 0 ? now : now.filter((p) => p.field !== undefined && p.field !== field)));
  }, []);

  return useMemo(() => {
    const ofField = (field: F) => problems.find((p) => p.field === field);
    return {
      problems,
      flag,
      edited,
      clear: () => setProblems([]),
      /** The translated problem of a field, for FormField's errorText. */
      errorOf: (field: F, values?: Record<string, unknown>) => {
        const p = ofField(field);
        return p ? t(p.key, { defaultValue: p.fallback, ...values }) : undefined;
      },
      /** The problem that belongs to no field, for the form's alert. */
      formProblem: problems.find((p) => p.field === undefined) ?? null,
      /** The first problem, field or not (a form that repeats it in one alert at the top). */
      first: problems[0] ?? null,
    };
  }, [problems, flag, edited, t]);
}
