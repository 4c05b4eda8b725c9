/**
 * A charting page's window for tests: its location moves as a site's pushState would (no event fires),
 * and `events` lets a test fire popstate.
 */
export function fakePageWindow(href: string, title = '') {
  const doc = document.implementation.createHTMLDocument();
  doc.title = title;
  const events = new EventTarget();
  const location = {
    href,
    get origin() {
      return new URL(location.href).origin;
    },
  };
  const win = {
    document: doc,
    location,
    addEventListener: events.addEventListener.bind(events),
  } as unknown as Window;
  return { win, doc, location, events };
}
