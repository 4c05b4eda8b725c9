import { describe, expect, it } from 'vitest';
import type { ExchangeId } from '../../src/exchanges/index';
import { BTC_PERPETUAL, simExchange, simulatorPerSuite } from '../integration/exchange-harness';
import { realClock, simAdmin } from '../integration/ws-harness';
import { ExchangeWatch, isPositionOf, isTicker, POSITION_UNIT } from './exchange-watch';
import { recordScenario } from './scenario';
import { SocketWatch } from './socket-watch';

const OKX_PUBLIC = '/ws/v5/public';
const OKX_PRIVATE = '/ws/v5/private';
/** Well past the first reconnect delay (500 ms), so a slow recovery fails as slow, not as hung. */
const RECOVERY_TIMEOUT_MS = 20_000;

describe('Sockets: one channel cut while the others stay up', () => {
  const exchanges: ExchangeWatch[] = [];
  const sim = simulatorPerSuite({ seed: 17, tickMs: 50 }, () => {
    for (const exchange of exchanges.splice(0)) exchange.close();
  });

  /** An Exchange of `id` with its quote and positions streaming, and the wire it talks over. */
  async function streaming(id: ExchangeId) {
    const wire = new SocketWatch(realClock);
    const watch = new ExchangeWatch(
      simExchange(sim(), id, sim().wsUrl, { createSocket: wire.createSocket }),
      realClock,
    );
    exchanges.push(watch);
    const quotes = watch.listen({ kind: 'quote', instrument: BTC_PERPETUAL[id] });
    const positions = watch.listen({ kind: 'positions' });
    await quotes.waitFor(isTicker, `a first ${id} quote`);
    await watch.subscribed('private', 0);
    return { wire, watch, quotes, positions };
  }

  it("OKX's public socket alone: reconnected and resubscribed once, OKX's private stream and every Bybit socket untouched", async ({
    task,
  }) => {
    const okx = await streaming('okx');
    const bybit = await streaming('bybit');
    const bybitSockets = bybit.wire.sockets.length;
    const wantedPublic = okx.wire.on(OKX_PUBLIC).map(({ subscribed }) => [...subscribed].sort());
    const fromQuote = okx.quotes.events.length;
    const fromStatus = okx.watch.status.events.length;

    const droppedAt = realClock.now();
    expect(await simAdmin(sim(), 'drop-sockets', { exchange: 'okx', path: OKX_PUBLIC })).toEqual({
      dropped: 1,
    });
    const quote = await okx.quotes.waitFor(
      isTicker,
      'an OKX quote after the cut',
      RECOVERY_TIMEOUT_MS,
      fromQuote,
    );
    await okx.watch.subscribed('public', fromStatus, RECOVERY_TIMEOUT_MS);

    // The cut socket came back once, with exactly the topics it had, each subscribed once.
    const publicConnections = okx.wire.on(OKX_PUBLIC);
    expect(publicConnections).toHaveLength(2);
    expect(publicConnections.map(({ subscribed }) => [...subscribed].sort())).toEqual([
      ...wantedPublic,
      ...wantedPublic,
    ]);
    expect(okx.watch.states('public')).toContain('reconnecting');
    // Nothing else noticed: one OKX private connection, no new Bybit connection, no state change there.
    expect(okx.wire.on(OKX_PRIVATE)).toHaveLength(1);
    expect(okx.watch.states('private')).not.toContain('reconnecting');
    expect(bybit.wire.sockets).toHaveLength(bybitSockets);
    expect(bybit.watch.status.events.map(({ event }) => event.type === 'state' && event.state)).not.toContain(
      'reconnecting',
    );
    // And the private streams that stayed up still deliver: a position change now reaches each Exchange.
    for (const { id, positions } of [
      { id: 'okx', positions: okx.positions },
      { id: 'bybit', positions: bybit.positions },
    ] as const) {
      const { symbol } = BTC_PERPETUAL[id];
      const from = positions.events.length;
      await simAdmin(sim(), 'position', { exchange: id, symbol, size: POSITION_UNIT[id], avgPx: 60_000 });
      await positions.waitFor(isPositionOf(symbol, POSITION_UNIT[id]), `the ${id} position`, 10_000, from);
    }

    recordScenario(task, {
      section: 'Sockets',
      scenario: "OKX's public socket cut alone (OKX and Bybit Exchanges streaming quotes and positions)",
      injected: '`/__sim/drop-sockets` with `{"exchange": "okx", "path": "/ws/v5/public"}`',
      times: '1 cut',
      result:
        `OKX quotes back after ${((quote.at - droppedAt) / 1000).toFixed(1)} s on one new public connection that ` +
        'subscribed its topics once; the OKX private socket and every Bybit socket never reconnected, and a ' +
        'position change reached both Exchanges afterwards',
    });
  });
});
