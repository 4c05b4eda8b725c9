export const OVERLAY_TAG = 'perch-overlay';

export interface OverlayMount {
  /** The closed shadow root: page scripts cannot reach into it, only this script holds it. */
  readonly root: ShadowRoot;
  readonly host: HTMLElement;
}

/** Mounts Perch's overlay host on the page; it goes away when `signal` aborts. */
export function mountOverlay(doc: Document, signal: AbortSignal): OverlayMount {
  const host = doc.createElement(OVERLAY_TAG);
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = `:host{all:initial;position:fixed;right:16px;bottom:16px;z-index:2147483647}
.badge{font:600 12px system-ui,sans-serif;color:#e6e9ef;background:#1a2029;border:1px solid #f0b90b;border-radius:6px;padding:6px 10px}`;
  root.append(style);
  doc.documentElement.append(host);
  signal.addEventListener(
    'abort',
    () => {
      host.remove();
    },
    { once: true },
  );
  return { root, host };
}
