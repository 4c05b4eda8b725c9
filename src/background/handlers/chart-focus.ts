import {
  CHART_FOCUS_SENDERS,
  chartFocusRequest,
  type ChartFocusMessage,
  type FocusedInstrument,
  type Sender,
} from '../../contracts';
import type { TabInstruments } from './position-access';

/** The little of a runtime.Port the chart focus uses; tests pass in-memory ones. */
export interface FocusPort {
  postMessage(message: ChartFocusMessage): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

/** A tab became the active one of its window (tabs.onActivated). */
export interface TabActivation {
  readonly tabId: number;
  readonly windowId: number;
}

export interface ChartFocusDeps {
  /** What each tab's chart follows (the hub), and word when that may have changed. */
  readonly tabs: TabInstruments & { onTabWants(listener: (tabId: number) => void): () => void };
  /** The active tab of window `windowId` (tabs.query gives tab ids without the `tabs` permission). */
  readonly activeTab: (windowId: number) => Promise<number | undefined>;
  readonly onTabActivated: (listener: (activation: TabActivation) => void) => () => void;
}

const NOT_UNDERSTOOD = 'Perch did not understand that request: send { type: "follow", windowId }.';

/**
 * Serves one side panel's chart-focus port: once it names its window, it gets what that window's active
 * tab's chart follows, and again whenever the trader picks another tab there or the chart switches its
 * symbol (the hub's tab wants). Pushed, never polled; only what changed is sent. Extension pages only.
 */
export function serveChartFocusPort(port: FocusPort, sender: Sender | undefined, deps: ChartFocusDeps): void {
  const post = (message: ChartFocusMessage) => {
    try {
      port.postMessage(message);
    } catch {
      // The panel closed between a change and its delivery; onDisconnect cleans up.
    }
  };
  if (sender === undefined || !CHART_FOCUS_SENDERS.includes(sender)) {
    post({ type: 'error', message: 'This page may not follow the chart tabs.' });
    port.disconnect();
    return;
  }
  let windowId: number | undefined;
  let tabId: number | undefined;
  let sent: string | undefined;
  /** Counts what moved the focus, so a slow activeTab answer does not undo a later activation. */
  let moves = 0;

  const publish = () => {
    const instruments: FocusedInstrument[] =
      tabId === undefined
        ? []
        : deps.tabs.tabInstruments(tabId).map(({ exchange, kind, symbol }) => ({ exchange, kind, symbol }));
    const text = JSON.stringify(instruments);
    if (text === sent) return;
    sent = text;
    post({ type: 'focus', instruments });
  };

  const stopActivations = deps.onTabActivated((activation) => {
    if (windowId === undefined || activation.windowId !== windowId) return;
    moves += 1;
    tabId = activation.tabId;
    publish();
  });
  const stopWants = deps.tabs.onTabWants((changed) => {
    if (changed === tabId) publish();
  });
  port.onDisconnect.addListener(() => {
    stopActivations();
    stopWants();
  });
  port.onMessage.addListener((raw) => {
    const parsed = chartFocusRequest.safeParse(raw);
    if (!parsed.success) {
      post({ type: 'error', message: NOT_UNDERSTOOD });
      return;
    }
    windowId = parsed.data.windowId;
    // Every follow is answered, even with what the panel already had (it may have reconnected).
    sent = undefined;
    const move = ++moves;
    deps.activeTab(windowId).then(
      (active) => {
        if (move !== moves) return;
        tabId = active;
        publish();
      },
      () => {
        if (move !== moves) return;
        tabId = undefined;
        publish();
      },
    );
  });
}
