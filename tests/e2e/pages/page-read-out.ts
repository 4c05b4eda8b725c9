import type { Badge, ChartPage } from './chart-page';

/** What a chart page's own script got out of the screen. */
export interface PageReadOut {
  /** The words `window.find()` found. */
  found: string[];
  /** The whole document selected, as text. */
  selected: string;
  /** What a copy of that selection put on the clipboard, as the page's copy listener saw it. */
  copied: string;
  /** The text of the node under the caret at a point of the badge. */
  caret: string;
}

/** Words of the badge a page must never read; none of them is in the stand-in chart pages' own text. */
export const BADGE_WORDS = [
  'Long',
  'Short',
  '60,000',
  '0.03',
  'Close',
  'Breakeven',
  'Position',
  'Bybit',
  ' USDT',
  '@',
];

/** The badge's own words as drawn: the position, its PnL and protection, exactly as the first line shows them. */
export const shownWords = (badge: Badge): string[] =>
  [badge.lines[0]?.positions[0], badge.lines[0]?.pnls[0], badge.lines[0]?.protections[0]].filter(
    (word): word is string => word !== undefined && word !== '',
  );

/**
 * Everything a page script can do to read text on screen, run in the page's own world: `window.find()`
 * of each word, select all, copy, and the caret at `point` (Chromium's caretRangeFromPoint, Firefox's
 * caretPositionFromPoint).
 */
export async function readBadgeFromPage(
  chart: ChartPage,
  words: readonly string[],
  point: { x: number; y: number },
): Promise<PageReadOut> {
  // A string, not a function: what runs must be exactly what a page script could run.
  return (await chart.page.evaluate(`(() => {
    const words = ${JSON.stringify(words)};
    const found = words.filter((word) => {
      getSelection().removeAllRanges();
      return window.find(word, true, false, true);
    });
    getSelection().removeAllRanges();
    getSelection().selectAllChildren(document.documentElement);
    const selected = getSelection().toString();
    let copied = '';
    document.addEventListener('copy', () => { copied = getSelection().toString(); }, { once: true });
    document.execCommand('copy');
    getSelection().removeAllRanges();
    const x = ${String(point.x)}, y = ${String(point.y)};
    const node = document.caretRangeFromPoint
      ? document.caretRangeFromPoint(x, y)?.startContainer
      : document.caretPositionFromPoint(x, y)?.offsetNode;
    return { found, selected, copied, caret: String(node?.textContent ?? '') };
  })()`)) as PageReadOut;
}

/** Which of `words` the read-out gave away, by any of its ways. */
export const leakedWords = (readOut: PageReadOut, words: readonly string[]): string[] =>
  words.filter(
    (word) =>
      readOut.found.includes(word) ||
      readOut.selected.includes(word) ||
      readOut.copied.includes(word) ||
      readOut.caret.includes(word),
  );
