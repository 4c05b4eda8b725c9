import {
  breakevenPrice,
  checkTriggerPrice,
  partCloseSize,
  type RuleVerdict,
} from '../../contracts/protection-rules';
import {
  plainDecimal,
  type Exchange,
  type Instrument,
  type Position,
  type ProtectionLeg,
  type TriggerSource,
} from '../../exchanges';
import type { PositionTarget } from './close-store';
import { describePosition } from './close-words';
import type { Expectation, ProtectionKind } from './protection-store';

/** What the trader asked, as the handlers pass it on. Sizes in the exchange's order unit. */
export type ProtectionAction =
  | {
      readonly type: 'set';
      readonly role: 'stop' | 'target';
      readonly triggerPrice: string;
      readonly triggerBy?: TriggerSource;
      readonly size?: string;
    }
  | { readonly type: 'move'; readonly legId: string; readonly triggerPrice: string; readonly size?: string }
  | { readonly type: 'cancel'; readonly legId: string }
  | { readonly type: 'breakeven' }
  | {
      readonly type: 'trail';
      readonly distance?: string;
      readonly ratio?: string;
      readonly activationPrice?: string;
    }
  | { readonly type: 'close-part'; readonly part: { readonly percent: number } | { readonly size: string } };

/** An action ready to send: what it is in words, what will show it took effect, and how to send it. */
export interface Plan {
  readonly kind: ProtectionKind;
  readonly expect: Expectation;
  readonly summary: string;
  /** Rounding notes and warnings the answer repeats. */
  readonly notes: readonly string[];
  send(): Promise<{ readonly code: string; readonly message: string; readonly legId: string | undefined }>;
}

export interface PlanContext {
  readonly exchange: Exchange;
  readonly target: PositionTarget;
  /** Just looked up on the exchange: the side and size the trader saw, or smaller. */
  readonly position: Position;
  /** Tick, lot and minimum sizes; undefined when the instrument list could not be read. */
  readonly instrument: Instrument | undefined;
  /** The leg a move or cancel names, looked up already. */
  readonly leg: ProtectionLeg | undefined;
  /** The action's id: a partial close's client order id. */
  readonly id: string;
}

type Refused = { readonly refused: string };

const LEG_NAMES: Record<ProtectionLeg['role'], string> = {
  stop: 'stop',
  target: 'target',
  trailing: 'trailing stop',
};

function triggerFor(context: PlanContext, role: 'stop' | 'target', typed: string) {
  const { position, instrument } = context;
  return checkTriggerPrice({
    role,
    side: position.side === 'short' ? 'short' : 'long',
    typed,
    markPrice: position.markPrice,
    tickSize: instrument?.tickSize,
    liquidationPrice: position.liquidationPrice,
  });
}

/** A size for part of the position: only with the instrument's lot and minimum sizes at hand. */
function sizeFor(
  context: PlanContext,
  part: { readonly percent: number } | { readonly size: string },
): RuleVerdict<{ readonly size: string }> {
  const { instrument, position } = context;
  if (instrument === undefined) {
    return {
      ok: false,
      message: `Perch could not read the order sizes ${describePosition(context.target)} takes; try again in a moment.`,
    };
  }
  return partCloseSize({
    positionSize: position.sizeContracts,
    lotSize: instrument.lotSize,
    minSize: instrument.minSize,
    part,
  });
}

/** A stop's or target's price and optional size, checked; the notes and any warning to repeat. */
function checkedLeg(
  context: PlanContext,
  role: 'stop' | 'target',
  typedPrice: string,
  typedSize: string | undefined,
):
  { readonly price: string; readonly size: string | undefined; readonly notes: readonly string[] } | Refused {
  const price = triggerFor(context, role, typedPrice);
  if (!price.ok) return { refused: price.message };
  const size = typedSize === undefined ? undefined : sizeFor(context, { size: typedSize });
  if (size?.ok === false) return { refused: size.message };
  const warning = price.warning === undefined ? [] : [price.warning];
  return {
    price: price.price,
    size: size?.size,
    notes: [...price.notes, ...(size?.notes ?? []), ...warning],
  };
}

const exact = (role: ProtectionLeg['role'], triggerPrice: string | undefined): Expectation => ({
  type: 'leg',
  role,
  triggerPrice,
  tolerance: '0',
});

/**
 * Checks an action against the position just looked up (contracts/protection-rules.ts, as the popup did
 * before sending) and builds what sends it, or says in words why nothing will be sent.
 */
export function planAction(context: PlanContext, action: ProtectionAction): Plan | Refused {
  const { exchange, position, target } = context;
  const of = `for ${describePosition(target)}`;
  const protection = exchange.protection;
  switch (action.type) {
    case 'set': {
      const checked = checkedLeg(context, action.role, action.triggerPrice, action.size);
      if ('refused' in checked) return checked;
      const { price, size } = checked;
      const part = size === undefined ? '' : ` for ${size}`;
      return {
        kind: action.role,
        expect: exact(action.role, price),
        summary: `the ${action.role} at ${price}${part} ${of}`,
        notes: checked.notes,
        send: () =>
          protection.protect({
            position,
            role: action.role,
            triggerPrice: price,
            ...(action.triggerBy === undefined ? {} : { triggerBy: action.triggerBy }),
            ...(size === undefined ? {} : { size }),
          }),
      };
    }
    case 'move': {
      const leg = context.leg;
      if (leg === undefined) return { refused: `That stop or target is no longer ${of}; nothing was sent.` };
      if (leg.role === 'trailing') {
        return {
          refused: 'A trailing stop follows the price by itself: cancel it and set a new one instead.',
        };
      }
      const checked = checkedLeg(context, leg.role, action.triggerPrice, action.size);
      if ('refused' in checked) return checked;
      const { price, size } = checked;
      return {
        kind: leg.role,
        expect: exact(leg.role, price),
        summary: `the ${leg.role} moved to ${price} ${of}`,
        notes: checked.notes,
        send: () =>
          protection.move({ position, leg, triggerPrice: price, ...(size === undefined ? {} : { size }) }),
      };
    }
    case 'cancel': {
      const leg = context.leg;
      if (leg === undefined)
        return { refused: `That stop or target is already gone ${of}; nothing was sent.` };
      const at = leg.triggerPrice === undefined ? '' : ` at ${plainDecimal(leg.triggerPrice)}`;
      return {
        kind: leg.role,
        expect: { type: 'gone', legId: leg.id, role: leg.role },
        summary: `the cancellation of the ${LEG_NAMES[leg.role]}${at} ${of}`,
        notes: [],
        send: () => protection.cancel(position, leg),
      };
    }
    case 'breakeven': {
      const even = breakevenPrice(position);
      if (even === undefined) return { refused: `There is no entry price yet ${of}; nothing was sent.` };
      const price = triggerFor(context, 'stop', even);
      if (!price.ok)
        return {
          refused: `A stop at breakeven (${plainDecimal(even)}) is not possible now: ${price.message}`,
        };
      return {
        kind: 'stop',
        // The exchange places it at its own breakeven price, rounded its own way: a tick either side.
        expect: {
          type: 'leg',
          role: 'stop',
          triggerPrice: price.price,
          tolerance: context.instrument?.tickSize ?? '0',
        },
        summary: `the stop at breakeven (${price.price}) ${of}`,
        notes: [],
        send: () => protection.breakeven(position),
      };
    }
    case 'trail': {
      const { distance, ratio, activationPrice } = action;
      if ((distance === undefined) === (ratio === undefined)) {
        return {
          refused: 'Give a trailing stop either a price distance or a percentage, not both and not neither.',
        };
      }
      const by =
        distance === undefined ? `${plainDecimal(ratio ?? '0')} of the price` : plainDecimal(distance);
      return {
        kind: 'trailing',
        expect: exact('trailing', undefined),
        summary: `the trailing stop ${by} behind the price ${of}`,
        notes: [],
        send: () =>
          protection.trail({
            position,
            ...(distance === undefined ? {} : { distance }),
            ...(ratio === undefined ? {} : { ratio }),
            ...(activationPrice === undefined ? {} : { activationPrice }),
          }),
      };
    }
    case 'close-part': {
      const size = sizeFor(context, action.part);
      if (!size.ok) return { refused: size.message };
      return {
        kind: 'close-part',
        expect: { type: 'reduced', sizeBefore: position.sizeContracts },
        summary: `the close of ${size.size} of ${describePosition(target)}`,
        notes: size.notes,
        send: async () => {
          const ack = await exchange.trade.closePart(position, size.size, context.id);
          return { code: ack.code, message: ack.message, legId: undefined };
        },
      };
    }
  }
}
