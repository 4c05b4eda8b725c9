import { positionKey } from '../contracts/instrument-key';
import type { PositionView } from '../contracts/portfolio';
import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import type { ExchangeId } from '../contracts/vocabulary';
import { KIND_WORDS, protectionFingerprint, type ProtectionKind } from './protection-requests';

/** One protection action of a position between the trader's press and the stream showing it. */
export interface ProtectionPending {
  readonly kind: ProtectionKind;
  readonly exchange: ExchangeId;
  /** `positionKey` of the position it is about. */
  readonly about: string;
  /** "sending": the background has not answered; "sent": the exchange took it, its stream has not shown it. */
  readonly phase: 'sending' | 'sent';
  /** What the row says meanwhile: "Setting stop…", then "Stop sent; waiting for OKX to confirm…". */
  readonly words: string;
  /** The position's legs of this kind (or its size) before sending: a change confirms the action. */
  readonly before: string | undefined;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function sentWords(kind: ProtectionKind, exchange: ExchangeId): string {
  return `${capitalise(KIND_WORDS[kind])} sent; waiting for ${EXCHANGE_NAMES[exchange]} to confirm…`;
}

export interface Settled {
  readonly pending: Record<string, ProtectionPending>;
  /** The confirmations in words, with the position each is about. */
  readonly confirmed: readonly { readonly text: string; readonly about: string }[];
}

/**
 * Checks the sent actions against the positions the stream now shows: one whose legs (or size) changed
 * from before it was sent is confirmed; a partial close whose position is gone closed it. An action on a
 * position that is gone has nothing left to wait for.
 */
export function settleByStream(
  pending: Readonly<Record<string, ProtectionPending>>,
  positions: readonly PositionView[],
): Settled {
  const byKey = new Map(positions.map((position) => [positionKey(position), position]));
  const still: Record<string, ProtectionPending> = {};
  const confirmed: { text: string; about: string }[] = [];
  for (const [key, action] of Object.entries(pending)) {
    const confirm = () =>
      confirmed.push({
        text: `${capitalise(KIND_WORDS[action.kind])} confirmed by ${EXCHANGE_NAMES[action.exchange]}.`,
        about: action.about,
      });
    const position = byKey.get(action.about);
    if (action.phase === 'sending') still[key] = action;
    else if (position === undefined) {
      if (action.kind === 'close-part') confirm();
    } else {
      const now = protectionFingerprint(position, action.kind);
      if (now !== undefined && now !== action.before) confirm();
      else still[key] = action;
    }
  }
  return { pending: still, confirmed };
}
