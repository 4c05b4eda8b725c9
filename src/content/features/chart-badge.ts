import type { ResponseOf } from '../../contracts/define';
import type { PositionView } from '../../contracts/portfolio';
import { HUB_PORT } from '../../contracts/port-names';
import type { HubPortMessage, WantedInstrument } from '../../contracts/ports';
import type { BadgePlacement } from '../../contracts/settings';
import type { ContentContracts } from '../../platform/content-client';
import type { MessageClient } from '../../platform/message-client';
import { connectPort, type PagePort, type PortClient } from '../../platform/port-client';
import { applyHubMessage, INITIAL_BADGE_STATE, type BadgeState } from '../badge/badge-state';
import { makeMovable } from '../badge/badge-placement';
import { createBadgeView } from '../badge/badge-view';
import type { RowAction } from '../badge/position-row';
import { watchDrawn } from '../badge/shown-as-drawn';
import type { ChartInstruments } from '../symbols/map-symbol';

export type OverlaySettingsView = ResponseOf<ContentContracts['overlaySettings']>;

/** What the badge needs from the extension; tests hand in fakes. */
export interface ChartBadgeDeps {
  readonly client: MessageClient<ContentContracts>;
  /** Opens a port to the background (runtime.connect). */
  readonly connect: (name: string) => PagePort;
  /** False once the extension was updated or reloaded under this page. */
  readonly alive: () => boolean;
  readonly now: () => number;
}

/** The age line ticks once a second. */
export const AGE_TICK_MS = 1_000;
/** A drag or a run of arrow keys is saved once it rests this long. */
export const SAVE_PLACEMENT_MS = 500;
const UPDATED = 'Perch was updated — reload this page';

/**
 * The position a row's held button acts on, as that row showed it (`seen`: the background changes nothing
 * if the exchange's position flipped or grew since). `page` is the chart's own instrument, not the
 * position's, so the background's check that the two match has something to catch.
 */
function positionRequest(position: PositionView, instrument: WantedInstrument) {
  const { contractType } = instrument;
  const { kind, symbol } = position;
  return {
    exchange: position.exchange,
    // Rows sit under the chart instrument they belong to, so its contract type is the position's too.
    instrument: contractType === undefined ? { kind, symbol } : { kind, symbol, contractType },
    slot: position.slot,
    seen: { side: position.side, sizeContracts: position.sizeContracts },
    page: { exchange: instrument.exchange, symbol: instrument.symbol },
  };
}

type PositionRequest = ReturnType<typeof positionRequest>;
type ContentClient = MessageClient<ContentContracts>;

/**
 * What each held button sends, and what the row says when no answer came. Close half is 50 % of the
 * position: the worker rounds it down to the lot size and refuses it in words below the minimum order.
 */
const ACTIONS: Record<
  RowAction,
  {
    readonly send: (client: ContentClient, request: PositionRequest) => Promise<{ message: string }>;
    readonly failed: string;
  }
> = {
  close: {
    send: (client, request) => client.send('closePosition', request),
    failed: 'Perch could not close this position.',
  },
  breakeven: {
    send: (client, request) => client.send('moveStopToBreakeven', request),
    failed: 'Perch could not move the stop to breakeven.',
  },
  'close-half': {
    send: (client, request) => client.send('closePart', { ...request, part: { percent: 50 } }),
    failed: 'Perch could not close half of this position.',
  },
};

/**
 * The chart badge: the exchange's live price, its 24-hour change and age, and the trader's position on
 * the chart's instruments with its protection and held Close, Breakeven and Close half buttons, and a held
 * price alert per instrument. Goes live over the hub port; everything stops on `signal`.
 */
export function showChartBadge(
  root: ShadowRoot,
  chart: ChartInstruments,
  settings: OverlaySettingsView,
  deps: ChartBadgeDeps,
  signal: AbortSignal,
): void {
  let state: BadgeState = INITIAL_BADGE_STATE;
  /** A request that got no answer, in the trader's words: the worker's refusal, or why none came. */
  const refusalWords = (error: unknown, failed: string) => {
    if (!deps.alive()) return UPDATED;
    return error instanceof Error ? error.message : failed;
  };
  const view = createBadgeView(root.ownerDocument, {
    chart,
    privacy: settings.privacy,
    watchFor: (badge) => watchDrawn(badge, root.host as HTMLElement, deps.now, signal),
    signal,
    act: async (action, position, instrument) => {
      const { send, failed } = ACTIONS[action];
      try {
        return (await send(deps.client, positionRequest(position, instrument))).message;
      } catch (error) {
        return refusalWords(error, failed);
      }
    },
    alert: async (request) => {
      try {
        return await deps.client.send('createChartAlert', request);
      } catch (error) {
        return { created: false, message: refusalWords(error, 'Perch could not set this alert.') };
      }
    },
  });
  root.append(view.element);
  const render = () => {
    view.update(state, deps.now());
  };
  const show = (next: BadgeState) => {
    state = next;
    render();
  };

  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const save = (badge: BadgePlacement) => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      deps.client.send('saveBadgePlacement', { badge }).catch(() => {
        // Not saved (the background is restarting): the badge stays where it was dropped on this page.
      });
    }, SAVE_PLACEMENT_MS);
  };
  makeMovable(
    view.element,
    view.handle,
    settings.badge,
    (placement) => {
      view.watch.changed();
      save(placement);
    },
    signal,
  );

  // Set from the port's callbacks, which may run while connectPort is still opening the first port.
  const life: { updated: boolean; port?: PortClient } = { updated: false };
  const goneForGood = () => {
    life.updated = true;
    show({ ...state, connection: 'updated' });
    life.port?.close();
  };
  const port = connectPort({
    name: HUB_PORT,
    // Only Perch's own worker can post on a runtime port, so its messages are the contract's type as sent;
    // re-parsing them here would load every port schema into each charting page (docs/overlay.md "Size").
    onMessage: (message) => {
      show(applyHubMessage(state, message as HubPortMessage));
    },
    connect: (name) => {
      if (!deps.alive()) {
        goneForGood();
        throw new Error(UPDATED);
      }
      const next = deps.connect(name);
      next.onDisconnect.addListener(() => {
        if (signal.aborted || life.updated) return;
        if (!deps.alive()) goneForGood();
        else show({ ...state, connection: 'reconnecting' });
      });
      return next;
    },
  });
  life.port = port;
  if (life.updated) port.close();
  port.send({ type: 'want', quotes: chart.instruments });
  render();

  // The age line's tick also looks for an update: in a background tab the port may never report the
  // extension gone (it stayed "reconnecting…" over a stale price), so the badge checks for itself.
  const tick = setInterval(() => {
    if (!life.updated && !deps.alive()) goneForGood();
    else render();
  }, AGE_TICK_MS);
  signal.addEventListener(
    'abort',
    () => {
      clearInterval(tick);
      clearTimeout(saveTimer);
      port.close();
    },
    { once: true },
  );
}
