import { CHART_HOLD_MS } from './badge/press-words';

export const OVERLAY_TAG = 'perch-overlay';

export interface OverlayMount {
  /** The closed shadow root: page scripts cannot reach into it, only this script holds it. */
  readonly root: ShadowRoot;
  readonly host: HTMLElement;
}

/**
 * The badge's look, light or dark as the chart page is (page-theme.ts: the `dark` class on the badge).
 * Inline in the shadow root: no stylesheet file the page could fetch to fingerprint Perch
 * (docs/overlay.md). Every text is drawn from a `data-text` attribute (live-text.ts); the badge resets
 * whatever it would inherit from a host the page may restyle (`all:initial`), keeps one size, and is left
 * out when the page is printed. A position's side, size, entry and PnL are fields of fixed width, so two
 * rows line up.
 */
const STYLE = `:host{all:initial}
.badge{all:initial;position:fixed;z-index:2147483647;box-sizing:border-box;width:380px;font:12px/18px system-ui,sans-serif;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:5px 10px;box-shadow:0 2px 8px #0003;font-variant-numeric:tabular-nums;user-select:none;-webkit-user-select:none;
--fg:#131722;--bg:#fff;--line:#d1d4dc;--muted:#5d606b;--up:#0a7a4b;--down:#c62828;--warn:#9a6700;--hold:#2858d6;--stop:#c62828;--focus:#2962ff}
.badge.dark{--fg:#d1d4dc;--bg:#1e222d;--line:#434651;--muted:#9598a1;--up:#3fb950;--down:#ff7b72;--warn:#f0b90b;--hold:#1f4fc4;--stop:#b3261e}
[data-text]::before{content:attr(data-text)}
.head,.quote,.position-line{display:flex;gap:6px;align-items:center;white-space:nowrap;overflow:hidden}
.head{height:22px}.quote{height:18px;margin:0}
.handle{all:unset;font-weight:600;cursor:grab;touch-action:none}
.notice{flex:1;min-width:0;text-align:right;overflow:hidden;text-overflow:ellipsis;color:var(--muted)}
.handle:focus-visible,.hold:focus-visible,.plain:focus-visible,.level:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
.positions{height:62px;overflow-y:auto;margin:0;padding:0;list-style:none}
.position,.no-position{display:block;height:62px}.no-position,.closed-note{color:var(--muted);line-height:22px}
.position-line{height:22px}.protection{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis}
.position-text{flex:1;min-width:0;display:grid;grid-template-columns:42px 72px minmax(0,1fr);gap:6px}
.position-text>*,.pnl{overflow:hidden;text-overflow:ellipsis}
.size,.pnl{text-align:right}.entry{color:var(--muted)}.pnl{min-width:84px}
.side,.closed-note{font-weight:600}.side.long{color:var(--up)}.side.short{color:var(--down)}
.result,.said{display:block;height:18px;font-size:11px;color:var(--muted);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.name,.price,.pnl{font-weight:600}
.up{color:var(--up)}.down{color:var(--down)}.age,.label{color:var(--muted)}.stale{color:var(--warn);font-weight:600}
.hold{font:inherit;font-weight:600;line-height:18px;color:#fff;background:linear-gradient(#0006,#0006) 0 0/0 100% no-repeat var(--hold);border:0;border-radius:4px;padding:0 8px;cursor:pointer;touch-action:none}
.close,.close-half{background-color:var(--stop)}
.hold.holding{background-size:100% 100%;transition:background-size ${CHART_HOLD_MS}ms linear}
.hold:disabled,.settling .hold{opacity:.6;cursor:default}
.plain{font:inherit;color:inherit;background:none;border:1px solid;border-radius:4px;padding:0 6px;line-height:16px;cursor:pointer}
.quote .plain{margin-left:auto}.alert-form{height:62px}
.level{min-width:90px;padding:0 4px;border:1px solid;border-radius:4px}.level.fresh{background:#2962ff40}
[hidden]{display:none}
@media print{.badge{display:none}}`;

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
