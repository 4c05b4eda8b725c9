/** The two looks of the badge. */
export type BadgeTheme = 'light' | 'dark';

/** TradingView names its theme on <html> (`theme-dark`, `theme-light`) and switches it without a reload. */
const THEME_CLASSES: Readonly<Record<string, BadgeTheme>> = { 'theme-dark': 'dark', 'theme-light': 'light' };

/** `rgb(19, 23, 34)` or `rgba(0, 0, 0, 0)` as its channels; undefined for anything else. */
function channels(colour: string): number[] | undefined {
  const match = /^rgba?\(([^)]+)\)$/.exec(colour.trim());
  if (match === null) return undefined;
  const values = (match[1] ?? '')
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  return values.length >= 3 && values.every(Number.isFinite) ? values : undefined;
}

/** Dark when a painted (not transparent) background's relative luminance is under one half. */
function themeOfBackground(colour: string): BadgeTheme | undefined {
  const rgb = channels(colour);
  if (rgb === undefined || (rgb[3] ?? 1) === 0) return undefined;
  const [r = 0, g = 0, b = 0] = rgb;
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.5 ? 'dark' : 'light';
}

/**
 * The page's own theme: TradingView's class on <html>, else the colour the page paints its body (or
 * <html>) with; undefined when the page says nothing (a transparent background).
 */
export function pageTheme(doc: Document): BadgeTheme | undefined {
  const html = doc.documentElement;
  for (const [name, theme] of Object.entries(THEME_CLASSES)) if (html.classList.contains(name)) return theme;
  const view = doc.defaultView;
  if (view === null) return undefined;
  // The overlay starts once the document is loaded (document_idle), so it has a body.
  for (const element of [doc.body, html]) {
    const theme = themeOfBackground(view.getComputedStyle(element).backgroundColor);
    if (theme !== undefined) return theme;
  }
  return undefined;
}

const SYSTEM_DARK = '(prefers-color-scheme: dark)';

/** The page's theme, else the system's (`prefers-color-scheme`). */
export function badgeTheme(doc: Document): BadgeTheme {
  return pageTheme(doc) ?? (doc.defaultView?.matchMedia(SYSTEM_DARK).matches === true ? 'dark' : 'light');
}

/**
 * Calls `apply` with the badge's theme now and whenever the page or the system switches it (a class or
 * style change on <html> or <body>, a system theme change), until `signal` aborts. The page can only pick
 * which of Perch's two looks the badge wears.
 */
export function followTheme(doc: Document, apply: (theme: BadgeTheme) => void, signal: AbortSignal): void {
  let shown = badgeTheme(doc);
  apply(shown);
  const check = () => {
    const theme = badgeTheme(doc);
    if (theme === shown) return;
    shown = theme;
    apply(theme);
  };
  const observer = new MutationObserver(check);
  const watched = { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] };
  observer.observe(doc.documentElement, watched);
  observer.observe(doc.body, watched);
  doc.defaultView?.matchMedia(SYSTEM_DARK).addEventListener('change', check, { signal });
  signal.addEventListener(
    'abort',
    () => {
      observer.disconnect();
    },
    { once: true },
  );
}
