import { isInvisible } from './invisible-characters';

/** How much of a value a page sent an error message repeats: enough to recognise it. */
const QUOTED_MAX = 40;

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
    return isInvisible(code) ? `\\u${code.toString(16).padStart(4, '0')}` : char;
  });
}
