/**
 * Text the badge shows without putting it in the page's DOM text. Every word of the badge is CSS generated
 * content (`::before { content: attr(data-text) }`, in mount.ts): it is painted and read to screen readers,
 * but it is no text node, so a page's `window.find()`, selection, copy, drag and `caretRangeFromPoint`
 * find nothing in it, even inside the closed shadow root (docs/overlay.md "Nothing readable").
 */
export function drawText(element: Element, text: string): void {
  element.setAttribute('data-text', text);
}

/** A new element of the badge with its class and, when given, its drawn words. */
export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  element.className = className;
  if (text !== undefined) drawText(element, text);
  return element;
}

/**
 * A part of the badge that a tick rewrites: the last text and class written are kept here, so a tick that
 * moved only the price writes one attribute (each DOM write costs the page a mutation and a style pass;
 * the benchmark times the overlay's main-thread work a second).
 */
export interface LiveText<E extends HTMLElement> {
  readonly element: E;
  /** Writes the text only if it changed. */
  text(value: string): void;
  /** Sets the class only if it changed. */
  className(value: string): void;
}

export function liveText<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
): LiveText<HTMLElementTagNameMap[K]> {
  const element = doc.createElement(tag);
  element.className = className;
  drawText(element, '');
  let shownText = '';
  let shownClass = className;
  return {
    element,
    text(value) {
      if (shownText === value) return;
      shownText = value;
      drawText(element, value);
    },
    className(value) {
      if (shownClass === value) return;
      shownClass = value;
      element.className = value;
    },
  };
}
