/**
 * One promise per key, made on first use and kept; a rejected one is dropped so the next call tries
 * again. `refresh` drops a kept promise (only the one the caller saw) and makes a new one; `reload`
 * drops whatever is kept and makes a new one.
 */
export interface PromiseCache<K, V> {
  get(key: K): Promise<V>;
  refresh(key: K, stale: Promise<V>): Promise<V>;
  reload(key: K): Promise<V>;
}

export function createPromiseCache<K, V>(load: (key: K) => Promise<V>): PromiseCache<K, V> {
  const kept = new Map<K, Promise<V>>();
  function get(key: K): Promise<V> {
    let promise = kept.get(key);
    if (promise === undefined) {
      promise = load(key);
      promise.catch(() => kept.delete(key));
      kept.set(key, promise);
    }
    return promise;
  }
  return {
    get,
    refresh: (key, stale) => {
      if (kept.get(key) === stale) kept.delete(key);
      return get(key);
    },
    reload: (key) => {
      kept.delete(key);
      return get(key);
    },
  };
}
