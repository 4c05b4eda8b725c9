import { CHART_FOCUS_PORT, chartFocusMessage, type FocusedInstrument } from '../contracts/chart-focus';
import { connectPort, type PagePort, type PortClient } from '../platform/port-client';

export interface ChartFocusClientOptions {
  /** The window this panel is in (platform/side-panel.ts currentWindowId). */
  readonly windowId: () => Promise<number | undefined>;
  /** Called with the active chart tab's instruments: at once, then on every change the worker pushes. */
  readonly onFocus: (instruments: readonly FocusedInstrument[]) => void;
  /** Tests pass in-memory ports. */
  readonly connect?: (name: string) => PagePort;
}

/**
 * Follows what the chart in the active tab of this panel's window follows, over the chart-focus port: the
 * worker pushes a change when the trader picks another tab or the chart switches symbol. The port comes back
 * by itself after the worker is stopped, and asks again.
 */
export async function followChartFocus(options: ChartFocusClientOptions): Promise<PortClient | undefined> {
  const windowId = await options.windowId();
  if (windowId === undefined) return undefined;
  const port = connectPort({
    name: CHART_FOCUS_PORT,
    ...(options.connect === undefined ? {} : { connect: options.connect }),
    onMessage: (raw) => {
      const message = chartFocusMessage.safeParse(raw);
      if (message.success && message.data.type === 'focus') options.onFocus(message.data.instruments);
    },
  });
  port.send({ type: 'follow', windowId });
  return port;
}
