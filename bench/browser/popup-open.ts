import type { Perch } from '../../tests/e2e/harness';

/**
 * Runs in the popup before its own script. Resolves with when (ms since the navigation began) the first
 * watchlist price was in the DOM, and when the frame after it ran: the paint that shows it.
 */
const WATCH_FIRST_PRICE = `
  window.__perchFirstPrice = new Promise((resolve) => {
    const priced = () => /\\d/.test(document.querySelector('.perch-quote .perch-price')?.textContent ?? '');
    const observer = new MutationObserver(() => {
      if (!priced()) return;
      observer.disconnect();
      const inDom = performance.now();
      requestAnimationFrame(() => resolve({ inDom, painted: performance.now() }));
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, { subtree: true, childList: true, characterData: true }),
    );
  });
`;

/** When a page showed its first price. */
export interface PageOpen {
  /** ms from the navigation's start until the first price was in the DOM */
  readonly inDom: number;
  /** ms until the frame that paints it */
  readonly painted: number;
}

/** A popup open, and the empty extension page opened beside it in the same round. */
export interface PopupOpen extends PageOpen {
  /**
   * The reference: an extension page that only opens the hub port and writes the first price it gets
   * (entrypoints/bench-empty, in the benchmark's build only), opened just before or just after the popup
   * (alternating), after the same `before`.
   */
  readonly emptyPage: PageOpen;
}

const POPUP = 'popup.html';
const EMPTY_PAGE = 'bench-empty.html';

/** Opens one of the extension's pages, times its first watchlist price, and closes it. */
async function openPageTimed(perch: Perch, path: string): Promise<PageOpen> {
  const page = await perch.browser.newPage();
  try {
    await page.evaluateOnNewDocument(WATCH_FIRST_PRICE);
    await page.goto(`chrome-extension://${perch.extensionId}/${path}`);
    return (await page.evaluate('window.__perchFirstPrice')) as PageOpen;
  } finally {
    await page.close();
  }
}

/** Opens the popup as a page, times its first watchlist price, and closes it. */
export async function openPopupTimed(perch: Perch): Promise<PageOpen> {
  return openPageTimed(perch, POPUP);
}

/**
 * `opens` popup opens, each paired with an open of the empty page, each page after its own `before` (a
 * stop of the worker, or nothing for a warm one); the empty page first in even rounds, the popup first in
 * odd ones, so neither always finds the machine as the other left it.
 */
export async function timePopupOpens(
  perch: Perch,
  opens: number,
  before: () => Promise<void> = () => Promise.resolve(),
): Promise<PopupOpen[]> {
  const times: PopupOpen[] = [];
  const timed = async (path: string) => {
    await before();
    return openPageTimed(perch, path);
  };
  for (let open = 0; open < opens; open++) {
    if (open % 2 === 0) {
      const emptyPage = await timed(EMPTY_PAGE);
      times.push({ ...(await timed(POPUP)), emptyPage });
    } else {
      const popup = await timed(POPUP);
      times.push({ ...popup, emptyPage: await timed(EMPTY_PAGE) });
    }
  }
  return times;
}

/** Each round's popup over its empty page, from navigation start to the painted frame (ms). */
export const overEmptyPage = (opens: readonly PopupOpen[]): number[] =>
  opens.map((open) => open.painted - open.emptyPage.painted);
