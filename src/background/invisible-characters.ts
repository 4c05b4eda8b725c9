/** Control, zero-width and bidi characters: they could hide, break or reorder the text around them. */
export function isInvisible(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x206f) ||
    code === 0xfeff
  );
}

/** True when a text holds a character a person could not see, nor type again. */
export function hasInvisibleCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (isInvisible(text.charCodeAt(index))) return true;
  return false;
}
