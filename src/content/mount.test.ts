// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mountOverlay, OVERLAY_TAG } from './mount';

afterEach(() => {
  document.documentElement.querySelectorAll(OVERLAY_TAG).forEach((host) => {
    host.remove();
  });
});

describe('mountOverlay', () => {
  it('adds one host whose shadow root page scripts cannot open', () => {
    const { host } = mountOverlay(document, new AbortController().signal);

    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(1);
    expect(host.shadowRoot).toBeNull();
  });

  it("removes an overlay host it finds in the page: a previous version's, frozen after an update, or the page's own", () => {
    const frozen = document.createElement(OVERLAY_TAG);
    document.documentElement.append(frozen);

    const { host } = mountOverlay(document, new AbortController().signal);

    expect([...document.querySelectorAll(OVERLAY_TAG)]).toEqual([host]);
  });

  it('removes everything it added when its signal aborts', () => {
    const controller = new AbortController();
    mountOverlay(document, controller.signal);

    controller.abort();

    expect(document.querySelector(OVERLAY_TAG)).toBeNull();
  });
});
