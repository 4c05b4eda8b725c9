/** How much of a value a page sent an error message repeats: enough to recognise it. */
const QUOTED_MAX = 40;

/** Control, zero-width and bidi characters: they could hide, break or reorder the text around them. */
function invisible(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x206f) ||
    code === 0xfeff
  );
}

/**
 * A value a page or a trader sent, quoted for an error message in words: as JSON, cut short with "…",
 * and with every invisible character written as its \u escape, so a refusal never pastes back a huge,
 * hidden or reordered text.
 */
export function quotedInput(value: unknown): string {
  const json = value === undefined ? 'undefined' : JSON.stringify(value);
  const short = json.length > QUOTED_MAX ? `${json.slice(0, QUOTED_MAX)}…` : json;
  return short.replace(/./gsu, (char) => {
    const code = char.charCodeAt(0);
    return invisible(code) ? `\\u${code.toString(16).padStart(4, '0')}` : char;
  });
}
