export const OVERLAY_TAG = 'perch-overlay';

export interface OverlayMount {
  /** The closed shadow root: page scripts cannot reach into it, only this script holds it. */
  readonly root: ShadowRoot;
  readonly host: HTMLElement;
}

/**
 * The badge's look, light or dark as the system is (`prefers-color-scheme`). Inline in the shadow root:
 * no stylesheet file the page could fetch to fingerprint Perch (docs/overlay.md).
 */
const STYLE = `:host{all:initial}
.badge{position:fixed;z-index:2147483647;max-width:340px;font:12px/1.4 system-ui,sans-serif;color:#1b1f24;background:#fff;border:1px solid #c9a227;border-radius:6px;padding:6px 10px;box-shadow:0 2px 8px #0003;font-variant-numeric:tabular-nums}
.handle{all:unset;display:block;font-weight:600;cursor:grab;touch-action:none}
.handle:focus-visible,.close:focus-visible{outline:2px solid #2962ff;outline-offset:2px}
p,ul{margin:2px 0;padding:0;list-style:none}
.quote{display:flex;gap:8px;align-items:baseline}.name{font-weight:600}.price{font-weight:600}
.up{color:#0a7a4b}.down{color:#c62828}.age{color:#57606a}.stale{color:#9a6700;font-weight:600}
.position{display:flex;gap:8px;align-items:center}
.close{font:inherit;font-weight:600;color:#fff;background:#c62828;border:0;border-radius:4px;padding:2px 8px;cursor:pointer}
.close:disabled{opacity:.6;cursor:default}
[hidden]{display:none}
@media (prefers-color-scheme:dark){.badge{color:#e6e9ef;background:#1a2029;border-color:#f0b90b}
.up{color:#3fb950}.down{color:#ff7b72}.age{color:#9aa4b2}.stale{color:#f0b90b}.close{background:#b3261e}}`;

/**
 * Mounts Perch's overlay host on the page; it goes away when `signal` aborts. A running script shows one
 * overlay at a time, so a host already in the page is not its own: after an update Firefox injects the new
 * version into open tabs while the old script's badge stays behind, frozen on its last price (Chrome
 * leaves the old script running to say "reload this page"). Such a host, or a page's imitation, goes.
 */
export function mountOverlay(doc: Document, signal: AbortSignal): OverlayMount {
  for (const leftover of doc.querySelectorAll(OVERLAY_TAG)) leftover.remove();
  const host = doc.createElement(OVERLAY_TAG);
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = STYLE;
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
