import { DEFAULT_UI_SETTINGS } from '../contracts/settings-defaults';
import { createContentClient, type ContentContracts } from '../platform/content-client';
import type { MessageClient } from '../platform/message-client';
import { connectRuntimePort, extensionContextAlive } from '../platform/runtime-port';
import { showChartBadge, type ChartBadgeDeps, type OverlaySettingsView } from './features/chart-badge';
import { mountOverlay } from './mount';
import { isExtraOrigin } from './sites/extra-site';
import { pickSite } from './sites/pick-site';
import type { SiteAdapter } from './sites/site-adapter';
import { watchSymbol } from './sites/watch-symbol';
import { mapChartSymbol } from './symbols/map-symbol';

/** The trader's overlay settings; Perch's defaults while the background cannot say. */
async function readSettings(client: MessageClient<ContentContracts>): Promise<OverlaySettingsView> {
  try {
    return await client.send('overlaySettings', {});
  } catch {
    return DEFAULT_UI_SETTINGS.overlay;
  }
}

function siteEnabled(adapter: SiteAdapter, settings: OverlaySettingsView, origin: string): boolean {
  if (adapter.site === 'extra') return isExtraOrigin(origin, settings.extraOrigins);
  return adapter.site === 'demo' || settings.sites[adapter.site];
}

const browserDeps = (): ChartBadgeDeps => ({
  client: createContentClient(),
  connect: connectRuntimePort,
  alive: extensionContextAlive,
  now: Date.now,
});

/** The badge for whatever mappable symbol the page shows, under one set of settings, until `signal` aborts. */
function followChart(
  win: Window,
  adapter: SiteAdapter,
  settings: OverlaySettingsView,
  deps: ChartBadgeDeps,
  signal: AbortSignal,
): void {
  let shown: { key: string; controller: AbortController } | undefined;
  watchSymbol(
    win,
    adapter,
    (symbol) => {
      const chart = symbol === undefined ? undefined : mapChartSymbol(symbol);
      const key = chart === undefined ? '' : JSON.stringify(chart);
      if (key === (shown?.key ?? '')) return;
      shown?.controller.abort();
      shown = undefined;
      if (chart === undefined) return;
      const controller = new AbortController();
      signal.addEventListener(
        'abort',
        () => {
          controller.abort();
        },
        { once: true },
      );
      const { root } = mountOverlay(win.document, controller.signal);
      showChartBadge(root, chart, settings, deps, controller.signal);
      shown = { key, controller };
    },
    signal,
  );
}

/**
 * Starts the overlay on a charting page. Nothing is added until the page shows a symbol Perch can map; the
 * badge follows symbol switches and goes when the symbol does. The settings are read again whenever the
 * page comes back into view (the trader may have changed them in options meanwhile), and the overlay
 * starts over under them if they changed. Everything stops when `signal` aborts (the chart page's life,
 * unless a test says otherwise).
 */
export async function startOverlay(
  signal: AbortSignal = new AbortController().signal,
  win: Window = window,
  deps: ChartBadgeDeps = browserDeps(),
): Promise<void> {
  const adapter = pickSite(new URL(win.location.href), import.meta.env.MODE === 'development');
  let running: { readonly settings: string; readonly controller: AbortController } | undefined;
  async function applySettings(): Promise<void> {
    const settings = await readSettings(deps.client);
    const key = JSON.stringify(settings);
    if (signal.aborted || key === running?.settings) return;
    running?.controller.abort();
    const controller = new AbortController();
    running = { settings: key, controller };
    signal.addEventListener(
      'abort',
      () => {
        controller.abort();
      },
      { once: true },
    );
    if (siteEnabled(adapter, settings, win.location.origin))
      followChart(win, adapter, settings, deps, controller.signal);
  }
  win.document.addEventListener(
    'visibilitychange',
    () => {
      if (win.document.visibilityState === 'visible') void applySettings();
    },
    { signal },
  );
  await applySettings();
}
