/**
 * An object made when it is first used instead of when its module loads: every property read or
 * write goes to the one instance `make` returns, made then (methods bound to it, so its private
 * fields work). For the logger and the metrics, whose construction opens the process's stdout and
 * stderr streams: loading a function's module does not, its first log line or flush does.
 */
export function madeOnFirstUse<T extends object>(make: () => T): T {
  let made: T | undefined;
  const instance = () => (made ??= make());
  return new Proxy({} as T, {
    get(_, key) {
      const target = instance();
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set: (_, key, value) => Reflect.set(instance(), key, value),
    has: (_, key) => Reflect.has(instance(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(instance()),
  });
}
