import { instrumentKey, type InstrumentKey } from '../../contracts/instrument-key';
import type { ConnectionStatus, HubPortMessage, PortQuote } from '../../contracts/ports';
import type { PositionView } from '../../contracts/portfolio';

/** How the badge's line to the background is doing. */
export type Connection =
  /** Waiting for the first snapshot. */
  | 'loading'
  | 'live'
  /** The port dropped (worker restart): it reconnects by itself. */
  | 'reconnecting'
  /** The extension was updated or reloaded under this page: only a page reload brings Perch back. */
  | 'updated';

/** Everything the badge shows, rebuilt from the hub port's snapshot and changes. */
export interface BadgeState {
  readonly connection: Connection;
  readonly quotes: ReadonlyMap<InstrumentKey, PortQuote>;
  readonly status: ReadonlyMap<string, ConnectionStatus>;
  readonly positions: readonly PositionView[];
  /** The hub's refusal, in its words, until a snapshot answers a later want. */
  readonly error: string | undefined;
}

export const INITIAL_BADGE_STATE: BadgeState = {
  connection: 'loading',
  quotes: new Map(),
  status: new Map(),
  positions: [],
  error: undefined,
};

/** The badge state after one hub port message: a snapshot replaces, changes merge. */
export function applyHubMessage(state: BadgeState, message: HubPortMessage): BadgeState {
  if (message.type === 'error') return { ...state, error: message.message };
  const snapshot = message.type === 'snapshot';
  const quotes = new Map(snapshot ? [] : state.quotes);
  for (const quote of message.quotes) quotes.set(instrumentKey(quote), quote);
  const status = new Map(snapshot ? [] : state.status);
  for (const connection of message.status) status.set(connection.exchange, connection);
  const positions = message.account?.positions ?? (snapshot ? [] : state.positions);
  // A refused want leaves the port on what it followed before, whose changes keep coming: the refusal
  // stands until a snapshot answers a want the hub took.
  const error = snapshot ? undefined : state.error;
  return { connection: 'live', quotes, status, positions, error };
}
