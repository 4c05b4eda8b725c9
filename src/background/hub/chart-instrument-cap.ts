import type { WantedInstrument } from '../../contracts/ports';
import { instrumentKey, type InstrumentKey } from '../../contracts/instrument-key';

/**
 * How many instruments chart pages together may keep subscribed beyond what the trader's watchlist and
 * extension pages stream anyway. Twenty TradingView tabs over eight markets
 * (tests/reliability/twenty-tabs.spec.ts) need 8; twenty tabs on twenty different coins of one venue
 * need 20 (a chart of another venue, such as Binance, follows its market on both exchanges: 2). The cost
 * it bounds: while a stream is stale the hub asks REST for every wanted quote every 5 s, and 24 OKX
 * tickers per 5 s is under half of OKX's 20 requests per 2 s for that endpoint (docs/protocol.md "Rate limits"),
 * leaving the rest to the trader's own watchlist and popup.
 */
export const CHART_INSTRUMENTS_MAX = 24;

/** What a chart page is told when its want would take chart pages past the cap. */
export const CHART_INSTRUMENTS_FULL = `Chart pages already follow ${String(CHART_INSTRUMENTS_MAX)} instruments, as many as Perch streams for them; close a chart tab you no longer need, then reload this page.`;

export interface ChartWantCheck {
  /** What every other chart page follows now. */
  readonly otherCharts: readonly (readonly WantedInstrument[])[];
  /** What this chart page follows now, and what it asks for instead. */
  readonly current: readonly WantedInstrument[];
  readonly asked: readonly WantedInstrument[];
  /** What the watchlist and extension pages stream anyway: free for chart pages. */
  readonly free: ReadonlySet<InstrumentKey>;
  readonly max?: number;
}

function chartOnly(
  wants: readonly (readonly WantedInstrument[])[],
  free: ReadonlySet<InstrumentKey>,
): number {
  const keys = new Set(wants.flatMap((list) => list.map(instrumentKey)));
  for (const key of free) keys.delete(key);
  return keys.size;
}

/**
 * Whether a chart page asking for `asked` would take the instruments only chart pages want past the cap.
 * A want that adds none is never refused, even above the cap (reached when the trader closed the popup
 * or shortened the watchlist): what pages already follow is never taken away.
 */
export function overChartCap(check: ChartWantCheck): boolean {
  const { otherCharts, current, asked, free, max = CHART_INSTRUMENTS_MAX } = check;
  const after = chartOnly([...otherCharts, asked], free);
  return after > max && after > chartOnly([...otherCharts, current], free);
}
