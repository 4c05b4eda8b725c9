import { positionKey } from '../contracts/instrument-key';
import type { PositionView, ProtectionLegView } from '../contracts/portfolio';
import type { ProtectionResult } from '../contracts/protection';
import type { MessageClient } from '../platform/message-client';

/** What is in flight on a position at most once at a time, as the background counts it. */
export type ProtectionKind = 'stop' | 'target' | 'trailing' | 'close-part';

/** What the trader asked of one position's protection, already checked by contracts/protection-rules. */
export type ProtectionAction =
  | {
      readonly type: 'set';
      readonly role: 'stop' | 'target';
      readonly triggerPrice: string;
      readonly triggerBy: 'mark' | 'last';
    }
  | { readonly type: 'move'; readonly leg: ProtectionLegView; readonly triggerPrice: string }
  | { readonly type: 'cancel'; readonly leg: ProtectionLegView }
  | { readonly type: 'breakeven' }
  | {
      readonly type: 'trail';
      readonly by: { readonly distance: string } | { readonly ratio: string };
      readonly activationPrice: string | undefined;
    }
  | { readonly type: 'close-part'; readonly size: string };

export const KIND_WORDS: Record<ProtectionKind, string> = {
  stop: 'stop',
  target: 'target',
  trailing: 'trailing stop',
  'close-part': 'partial close',
};

export function kindOf(action: ProtectionAction): ProtectionKind {
  switch (action.type) {
    case 'set':
      return action.role;
    case 'move':
    case 'cancel':
      return action.leg.role;
    case 'breakeven':
      return 'stop';
    case 'trail':
      return 'trailing';
    case 'close-part':
      return 'close-part';
  }
}

/** "Setting stop…": what the row says while the background has not answered. */
export function pendingWords(action: ProtectionAction): string {
  const what = KIND_WORDS[kindOf(action)];
  switch (action.type) {
    case 'move':
      return `Moving ${what}…`;
    case 'cancel':
      return `Cancelling ${what}…`;
    case 'breakeven':
      return 'Moving stop to breakeven…';
    case 'close-part':
      return `Closing ${action.size}…`;
    default:
      return `Setting ${what}…`;
  }
}

/** Names one kind of action on one position: the store keeps one in flight per name. */
export const pendingKey = (position: PositionView, kind: ProtectionKind) =>
  `${positionKey(position)}|${kind}`;

/**
 * What will show the action took effect, taken before it is sent: the legs of its kind, or the size a
 * partial close reduces. Undefined while the exchange has not listed the position's protection yet.
 */
export function protectionFingerprint(position: PositionView, kind: ProtectionKind): string | undefined {
  if (kind === 'close-part') return position.sizeContracts;
  const legs = position.protection?.legs;
  if (legs === undefined) return undefined;
  return JSON.stringify(
    legs
      .filter((leg) => leg.role === kind)
      .map((leg) => [leg.id, leg.triggerPrice, leg.size, leg.trailing?.distance, leg.trailing?.ratio]),
  );
}

/** Sends the action with the position as the row showed it: the background acts only if it still is. */
export function sendProtection(
  client: MessageClient,
  position: PositionView,
  action: ProtectionAction,
): Promise<ProtectionResult> {
  const fields = {
    exchange: position.exchange,
    instrument: { kind: position.kind, symbol: position.symbol },
    slot: position.slot,
    seen: { side: position.side, sizeContracts: position.sizeContracts },
  };
  switch (action.type) {
    case 'set':
      return client.send('setProtection', {
        ...fields,
        role: action.role,
        triggerPrice: action.triggerPrice,
        triggerBy: action.triggerBy,
      });
    case 'move':
      return client.send('moveProtection', {
        ...fields,
        legId: action.leg.id,
        triggerPrice: action.triggerPrice,
      });
    case 'cancel':
      return client.send('cancelProtection', { ...fields, legId: action.leg.id });
    case 'breakeven':
      return client.send('moveStopToBreakeven', fields);
    case 'trail':
      return client.send('setTrailingStop', {
        ...fields,
        ...action.by,
        ...(action.activationPrice === undefined ? {} : { activationPrice: action.activationPrice }),
      });
    case 'close-part':
      return client.send('closePart', { ...fields, part: { size: action.size } });
  }
}
