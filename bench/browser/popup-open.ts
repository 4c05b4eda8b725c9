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

export interface PopupOpen {
  /** ms from the navigation's start until the first price was in the DOM */
  readonly inDom: number;
  /** ms until the frame that paints it */
  readonly painted: number;
}

/** Opens the popup as a page, times its first watchlist price, and closes it. */
export async function openPopupTimed(perch: Perch): Promise<PopupOpen> {
  const page = await perch.browser.newPage();
  try {
    await page.evaluateOnNewDocument(WATCH_FIRST_PRICE);
    await page.goto(`chrome-extension://${perch.extensionId}/popup.html`);
    return (await page.evaluate('window.__perchFirstPrice')) as PopupOpen;
  } finally {
    await page.close();
  }
}

/** `opens` popup opens, each after `before` (a stop of the worker, or nothing for a warm one). */
export async function timePopupOpens(
  perch: Perch,
  opens: number,
  before: () => Promise<void> = () => Promise.resolve(),
): Promise<PopupOpen[]> {
  const times: PopupOpen[] = [];
  for (let open = 0; open < opens; open++) {
    await before();
    times.push(await openPopupTimed(perch));
  }
  return times;
}
