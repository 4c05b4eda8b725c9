import { describe, expect, it } from 'vitest';
import { createPromiseCache } from './promise-cache';

describe('promise cache', () => {
  it('loads a key once and keeps it', async () => {
    let loads = 0;
    const cache = createPromiseCache((key: string) => Promise.resolve(`${key}${++loads}`));
    expect(await cache.get('a')).toBe('a1');
    expect(await cache.get('a')).toBe('a1');
    expect(await cache.get('b')).toBe('b2');
  });

  it('drops a failed load so the next call tries again', async () => {
    let loads = 0;
    const cache = createPromiseCache(() =>
      ++loads === 1 ? Promise.reject(new Error('down')) : Promise.resolve(loads),
    );
    await expect(cache.get('a')).rejects.toThrow('down');
    expect(await cache.get('a')).toBe(2);
  });

  it('refreshes only the promise the caller saw, so two refreshes load once', async () => {
    let loads = 0;
    const cache = createPromiseCache(() => Promise.resolve(++loads));
    const stale = cache.get('a');
    const first = cache.refresh('a', stale);
    const second = cache.refresh('a', stale);
    expect([await first, await second]).toEqual([2, 2]);
  });

  it('reloads a key on demand and keeps the new answer', async () => {
    let loads = 0;
    const cache = createPromiseCache(() => Promise.resolve(++loads));
    expect(await cache.get('a')).toBe(1);
    expect(await cache.reload('a')).toBe(2);
    expect(await cache.get('a')).toBe(2);
  });
});
