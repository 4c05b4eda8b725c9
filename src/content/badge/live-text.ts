/**
 * A part of the badge that a tick rewrites: its text is one Text node whose `data` changes, and the last
 * text and class written are kept here. Setting an element's `textContent` replaces its child node (a
 * child-list mutation, a new layout object for the text) and reading it back copies the DOM's text for
 * every compare; at 20 hub messages a second both showed in issue 12's content-script time.
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
  const node = element.appendChild(doc.createTextNode(''));
  let shownText = '';
  let shownClass = className;
  return {
    element,
    text(value) {
      if (shownText === value) return;
      shownText = value;
      node.data = value;
    },
    className(value) {
      if (shownClass === value) return;
      shownClass = value;
      element.className = value;
    },
  };
}
