/**
 * A module loaded on first call and kept. The AWS SDK is left to the Lambda runtime (not bundled),
 * and loading one of its clients costs more than the rest of a handler together: an adapter loads
 * its client when it first sends, so a function pays only for the clients it calls.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      loading = load();
      // A failed load is not kept: the next call tries again.
      loading.catch(() => { loading = undefined; });
    }
    return loading;
  };
}
