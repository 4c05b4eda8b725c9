import type { SimInstrument } from '../market/instruments';
import type { SimContext } from '../server/context';

/** Topics whose pushes load mode drives: books and tickers (OKX `channel|instId`, Bybit topic names). */
const OKX_CHANNELS = new Set(['books', 'books5', 'bbo-tbt', 'tickers']);
const BYBIT_KINDS = new Set(['orderbook', 'tickers']);

/** Instruments that some public socket holds a book or ticker subscription for. */
export function subscribedInstruments(ctx: SimContext): SimInstrument[] {
  const found = new Map<string, SimInstrument>();
  for (const session of ctx.sockets.sessions()) {
    for (const topic of session.topics) {
      const instrument =
        session.exchange === 'okx' ? okxInstrument(ctx, topic) : bybitInstrument(ctx, session.path, topic);
      if (instrument) found.set(instrument.key, instrument);
    }
  }
  return [...found.values()];
}

function okxInstrument(ctx: SimContext, topic: string): SimInstrument | undefined {
  const [channel = '', instId = ''] = topic.split('|');
  if (!OKX_CHANNELS.has(channel)) return undefined;
  return ctx.market.find('okx', 'SWAP', instId) ?? ctx.market.find('okx', 'SPOT', instId);
}

function bybitInstrument(ctx: SimContext, path: string, topic: string): SimInstrument | undefined {
  const parts = topic.split('.');
  const category = path.slice('/v5/public/'.length);
  if (!BYBIT_KINDS.has(parts[0] ?? '') || !path.startsWith('/v5/public/')) return undefined;
  return ctx.market.find('bybit', category, parts[parts.length - 1] ?? '');
}
