import type { Exchange, InstrumentKind, InstrumentRef } from '../../exchanges';

/**
 * An open order's instrument as a cancel needs it. The model's Order names its symbol but not its kind,
 * which the list knows only when a position or leg on the symbol named it. An OKX instId spells its kind;
 * a Bybit symbol does not (BTCUSDT is spot and perpetual), so Bybit is asked which kind's open orders
 * hold the order.
 */

/** OKX instIds: BTC-USDT spot, BTC-USDT-SWAP, BTC-USD-250328 future, BTC-USD-250328-50000-C option. */
function okxKind(instId: string): InstrumentKind {
  const parts = instId.split('-');
  if (parts.at(-1) === 'SWAP') return 'perpetual';
  if (parts.length >= 5) return 'option';
  if (parts.length === 3) return 'future';
  return 'spot';
}

const BYBIT_KINDS: readonly InstrumentKind[] = ['perpetual', 'spot', 'future', 'option'];

/**
 * `orderId`: the order to find; without it, the first kind with any open order on the symbol. Undefined
 * when no kind's open orders hold it: it is no longer open.
 */
export async function orderInstrument(
  exchange: Exchange,
  instrument: { readonly symbol: string; readonly kind?: InstrumentKind | undefined },
  orderId?: string,
): Promise<InstrumentRef | undefined> {
  const { symbol } = instrument;
  if (instrument.kind !== undefined) return { kind: instrument.kind, symbol };
  if (exchange.id === 'okx') return { kind: okxKind(symbol), symbol };
  for (const kind of BYBIT_KINDS) {
    // A kind that does not list the symbol is refused by the instrument lookup: not this kind.
    const orders = await exchange.rest.getOpenOrders({ instrument: { kind, symbol } }).catch(() => []);
    if (orders.some((order) => orderId === undefined || order.orderId === orderId)) return { kind, symbol };
  }
  return undefined;
}
