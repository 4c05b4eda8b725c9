import * as z from 'zod/mini';
import type { Sender } from './define';
import { exchangeId, instrumentKind } from './vocabulary';

/**
 * The "chart-focus" port: which instruments the active tab of a window's chart follows, for the side panel
 * to highlight. A port rather than a message, because the answer changes on its own (the trader picks
 * another tab, or switches the chart's symbol) and the worker pushes it; the port also reconnects by itself
 * after the worker is stopped (platform/port-client.ts), and asks again.
 */
export const CHART_FOCUS_PORT = 'chart-focus';

/**
 * Extension pages only (the side panel is classified as the popup: it is the same app). A content script
 * could learn nothing new here, and the answer only ever highlights: it never chooses what a button acts on.
 */
export const CHART_FOCUS_SENDERS: readonly Sender[] = ['popup'];

/** Follow the active tab of browser window `windowId` (the panel's own: windows.getCurrent()). */
export const chartFocusRequest = z.strictObject({
  type: z.literal('follow'),
  windowId: z.number().check(z.int()),
});
export type ChartFocusRequest = z.infer<typeof chartFocusRequest>;

/** One instrument the active chart follows, as its content script asked the hub for it. */
export const focusedInstrument = z.object({ exchange: exchangeId, kind: instrumentKind, symbol: z.string() });
export type FocusedInstrument = z.infer<typeof focusedInstrument>;

export const chartFocusMessage = z.discriminatedUnion('type', [
  /** The window's active tab and what its chart follows now: none when it shows no chart Perch knows. */
  z.object({ type: z.literal('focus'), instruments: z.array(focusedInstrument) }),
  /** A refused request, in words; the port stays open. */
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ChartFocusMessage = z.infer<typeof chartFocusMessage>;
