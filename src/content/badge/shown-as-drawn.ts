import { NOT_AS_DRAWN, PRESS_TOO_SOON, SETTLE_MS } from './press-words';

/**
 * Whether a press on the badge may count: the badge is shown as Perch drew it, and nothing under the
 * pointer changed a moment ago. A chart page cannot fake a person's press, but it can make a person press
 * something other than what they think: restyle the host so the badge is invisible and sits under its own
 * bait, or swap the symbol (and so the position) under the pointer just before the press
 * (docs/overlay.md "Nothing to trick").
 */

/**
 * What a page may set on the host or on <html> that changes how the badge looks or where it sits, and the
 * value that leaves it alone. A property the browser does not know reads as '' and is passed over.
 */
const UNTOUCHED: readonly (readonly [string, string])[] = [
  ['opacity', '1'],
  ['filter', 'none'],
  ['backdrop-filter', 'none'],
  ['transform', 'none'],
  ['translate', 'none'],
  ['rotate', 'none'],
  ['scale', 'none'],
  ['perspective', 'none'],
  ['clip-path', 'none'],
  ['mask-image', 'none'],
  ['-webkit-mask-image', 'none'],
  ['mix-blend-mode', 'normal'],
  ['zoom', '1'],
  ['content-visibility', 'visible'],
  ['contain', 'none'],
  ['will-change', 'auto'],
];

const restyled = (element: Element): boolean => {
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  if (style === undefined) return true;
  return UNTOUCHED.some(([name, value]) => {
    const actual = style.getPropertyValue(name);
    return actual !== '' && actual !== value;
  });
};

const near = (a: number, b: number) => Math.abs(a - b) <= 2;

/** The badge is where its own placement (its inline left/top/right/bottom) puts it, at its own size. */
function inPlace(badge: HTMLElement): boolean {
  const { left, top, right, bottom } = badge.style;
  const rect = badge.getBoundingClientRect();
  const viewport = badge.ownerDocument.documentElement;
  const x =
    left !== 'auto'
      ? near(rect.left, parseFloat(left))
      : near(viewport.clientWidth - rect.right, parseFloat(right));
  const y =
    top !== 'auto'
      ? near(rect.top, parseFloat(top))
      : near(viewport.clientHeight - rect.bottom, parseFloat(bottom));
  return x && y && near(rect.width, badge.offsetWidth) && near(rect.height, badge.offsetHeight);
}

interface VisibilityEntry {
  readonly isVisible?: boolean;
}

export interface DrawnWatch {
  /** Why a press starting now may not count, in the trader's words; undefined when it may. */
  refusal(): string | undefined;
  /** What is under the pointer changed (a row came, went or changed; the badge moved). */
  changed(): void;
}

/**
 * Watches the badge inside `host`. Where the browser offers it (Chromium's IntersectionObserver v2,
 * `trackVisibility`), the browser itself also reports whether anything covers the badge or fades, filters
 * or transforms it; a press counts only once that has held for SETTLE_MS. Firefox has no such report: there
 * the computed styles and the badge's box are all that is checked.
 */
export function watchDrawn(
  badge: HTMLElement,
  host: HTMLElement,
  now: () => number,
  signal: AbortSignal,
): DrawnWatch {
  let changedAt = now();
  // The badge is drawn "settling" (Close dimmed) while a press would be ignored as too soon, so the trader
  // sees when Close is ready again.
  let settled: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    changedAt = now();
    badge.classList.add('settling');
    clearTimeout(settled);
    settled = setTimeout(() => {
      badge.classList.remove('settling');
    }, SETTLE_MS);
  };
  settle();
  signal.addEventListener(
    'abort',
    () => {
      clearTimeout(settled);
    },
    { once: true },
  );
  // What the browser last said of the badge's visibility: undefined where it cannot tell (Firefox),
  // 'pending' until its first report (it reports at most every 100 ms).
  let seen: { readonly visible: boolean; readonly at: number } | 'pending' | undefined;
  const win = badge.ownerDocument.defaultView;
  const entryType = win?.IntersectionObserverEntry;
  if (win !== null && entryType !== undefined && 'isVisible' in entryType.prototype) {
    seen = 'pending';
    const observer = new win.IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => (entry as VisibilityEntry).isVisible === true);
        seen = { visible, at: now() };
        if (visible) settle();
      },
      // Chromium's names for IntersectionObserver v2; it asks for a delay of at least 100 ms with them.
      { trackVisibility: true, delay: 100 } as IntersectionObserverInit,
    );
    observer.observe(badge);
    signal.addEventListener(
      'abort',
      () => {
        observer.disconnect();
      },
      { once: true },
    );
  }
  return {
    refusal() {
      const at = now();
      if (restyled(host) || restyled(badge.ownerDocument.documentElement) || !inPlace(badge))
        return NOT_AS_DRAWN;
      if (seen === 'pending') return PRESS_TOO_SOON;
      if (seen?.visible === false) return NOT_AS_DRAWN;
      if (at - changedAt < SETTLE_MS) return PRESS_TOO_SOON;
      return undefined;
    },
    changed: settle,
  };
}
