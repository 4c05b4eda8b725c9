// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { badgeTheme, followTheme, pageTheme } from './page-theme';

/** The system's colour scheme as matchMedia reports it, with a way to switch it. */
function systemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void, options?: { signal?: AbortSignal }) => {
      listeners.add(listener);
      options?.signal?.addEventListener('abort', () => listeners.delete(listener));
    },
  };
  vi.spyOn(window, 'matchMedia').mockReturnValue(query as unknown as MediaQueryList);
  return {
    switchTo(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => {
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  document.body.removeAttribute('style');
  vi.restoreAllMocks();
});

describe('the badge theme', () => {
  it.each([
    ['theme-dark', 'dark'],
    ['theme-light', 'light'],
  ] as const)("follows TradingView's %s class on <html>", (className, theme) => {
    systemScheme(theme !== 'dark');
    document.documentElement.className = `feature-x ${className}`;

    expect(badgeTheme(document)).toBe(theme);
  });

  it.each([
    ['rgb(19, 23, 34)', 'dark'],
    ['rgb(255, 255, 255)', 'light'],
    ['rgba(11, 14, 17, 1)', 'dark'],
  ] as const)(
    'reads a page that names no theme from the colour it paints its body: %s is %s',
    (colour, theme) => {
      document.body.style.backgroundColor = colour;

      expect(pageTheme(document)).toBe(theme);
    },
  );

  it('takes the colour of <html> when the body is transparent', () => {
    document.body.style.backgroundColor = 'rgba(0, 0, 0, 0)';
    document.documentElement.style.backgroundColor = 'rgb(24, 26, 32)';

    expect(pageTheme(document)).toBe('dark');
  });

  it.each([true, false])(
    'falls back to the system scheme when the page paints nothing (dark: %s)',
    (dark) => {
      systemScheme(dark);

      expect(pageTheme(document)).toBeUndefined();
      expect(badgeTheme(document)).toBe(dark ? 'dark' : 'light');
    },
  );

  it('switches with the page and with the system, once per change, until its signal aborts', async () => {
    const system = systemScheme(false);
    const controller = new AbortController();
    const applied: string[] = [];
    followTheme(document, (theme) => applied.push(theme), controller.signal);

    document.documentElement.classList.add('theme-dark');
    await Promise.resolve();
    document.documentElement.classList.remove('theme-dark');
    await Promise.resolve();
    system.switchTo(true);
    controller.abort();
    system.switchTo(false);
    document.documentElement.classList.add('theme-light');
    await Promise.resolve();

    expect(applied).toEqual(['light', 'dark', 'light', 'dark']);
  });
});
