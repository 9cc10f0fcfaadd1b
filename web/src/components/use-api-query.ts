import { useCallback, useEffect, useState } from 'react';

export interface ApiQuery<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replaces the data with a newer copy the page already has (e.g. a write's response). */
  setData: (data: T) => void;
}

/**
 * Runs a read through the typed client when the component mounts or `load` changes (wrap it in
 * useCallback), aborting the request when the component goes away.
 */
export function useApiQuery<T>(load: (signal: AbortSignal) => Promise<T>): ApiQuery<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    load(controller.signal)
      .then((result) => {
        if (!controller.signal.aborted) setData(result);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(e);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, error, loading, reload, setData };
}
