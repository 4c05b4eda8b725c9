import { describe, expect, it } from 'vitest';
import type { Sender } from '../../contracts';
import {
  CONTENT_MAX_QUOTES,
  hubPortRequest,
  PAGE_MAX_QUOTES,
  type HubPortMessage,
} from '../../contracts/ports';
import {
  FUZZ_MARKER,
  hostileObject,
  hostileValue,
  seededRandom,
  type Random,
} from '../../platform/fuzz-values.test-helper';
import { serveHubPort } from './hub-port-session';
import { memoryPort } from './memory-port.test-helper';
import type { Hub, HubPort } from './hub';
import { byRun, recordScenario } from '../../../tests/reliability/scenario';

const MESSAGES_PER_SENDER = byRun(400, 2_000);
/** The long form's thousands of messages outlast the default 5 s on a busy 2-core machine. */
const FUZZ_TIMEOUT_MS = 120_000;
const BTC = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;

/** One hostile port message: any value, a broken want, a fuzzed instrument, or more than the page may ask. */
function hostilePortMessage(random: Random, sender: Sender): unknown {
  const many = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ ...BTC, symbol: `S${index}` }));
  switch (random.int(7)) {
    case 0:
      return hostileValue(random);
    case 1:
      return { type: random.pick(['credentials', 'WANT', '', hostileValue(random)]), quotes: [BTC] };
    case 2:
      return { type: 'want', quotes: hostileValue(random) };
    case 3:
      return { type: 'want', quotes: [BTC, { ...BTC, ...hostileObject(random) }] };
    case 4:
      return { type: 'want', quotes: [BTC], ...hostileObject(random) };
    case 5:
      return {
        type: 'want',
        quotes: [{ ...BTC, symbol: random.pick(['', 'X'.repeat(65), hostileValue(random)]) }],
      };
    default:
      return sender === 'content'
        ? random.pick([
            { type: 'want', quotes: [BTC], account: true },
            { type: 'want', quotes: [BTC], watchlist: true },
            { type: 'taken' },
            { type: 'want', quotes: many(CONTENT_MAX_QUOTES + 1 + random.int(40)) },
          ])
        : { type: 'want', quotes: many(PAGE_MAX_QUOTES + 1 + random.int(1000)) };
  }
}

/** Whether the session should pass this message on as the page's new wants. */
function admissible(message: unknown, sender: Sender): boolean {
  const parsed = hubPortRequest.safeParse(message);
  if (!parsed.success || sender !== 'content') return parsed.success;
  if (parsed.data.type === 'taken') return false;
  const { quotes, account, watchlist } = parsed.data;
  return quotes.length <= CONTENT_MAX_QUOTES && account !== true && watchlist !== true;
}

/** A hub that only counts what the port session asks of it: serveHubPort uses nothing but connect. */
function countingHub() {
  const wants: Parameters<HubPort['want']>[] = [];
  let disconnects = 0;
  const hub = {
    connect: (): HubPort => ({
      want: (...args) => {
        wants.push(args);
      },
      taken: () => undefined,
      disconnect: () => {
        disconnects += 1;
      },
    }),
  } as Partial<Hub> as Hub;
  return { hub, wants, disconnects: () => disconnects };
}

describe.each(['content', 'popup', 'options'] as const)('fuzzing the hub port as sender %s', (sender) => {
  it(
    `answers ${MESSAGES_PER_SENDER} hostile messages with a worded error, keeps the port and the wants`,
    { timeout: FUZZ_TIMEOUT_MS },
    ({ task }) => {
      const random = seededRandom(0xf00d + sender.length);
      const prototypeKeys = Object.getOwnPropertyNames(Object.prototype);
      const { hub, wants, disconnects } = countingHub();
      const page = memoryPort();
      serveHubPort(page.port, sender, hub, { tabId: 9 });
      page.send({ type: 'want', quotes: [BTC] });
      expect(wants).toHaveLength(1);
      let skipped = 0;

      for (let index = 0; index < MESSAGES_PER_SENDER; index += 1) {
        const message = hostilePortMessage(random, sender);
        // A fuzzed value may, rarely, be a valid want (a symbol "NaN"); that is no abuse and is left out.
        if (admissible(message, sender)) {
          skipped += 1;
          continue;
        }
        const before = page.received.length;
        expect(() => {
          page.send(message);
        }).not.toThrow();

        const reply = page.received.at(-1) as HubPortMessage;
        expect(page.received, `message ${index}`).toHaveLength(before + 1);
        expect(reply.type).toBe('error');
        if (reply.type !== 'error') continue;
        expect(reply.message, `message ${index}`).toMatch(/^[^\p{Cc}]{3,300}$/u);
        expect(reply.message).not.toContain(FUZZ_MARKER);
      }

      // The fuzz stays a fuzz: nearly every message is hostile.
      expect(skipped).toBeLessThan(MESSAGES_PER_SENDER / 20);
      expect(wants, 'no hostile message changed what the page wants').toHaveLength(1);
      expect(page.connected()).toBe(true);
      expect(disconnects()).toBe(0);
      page.send({ type: 'want', quotes: [BTC] });
      expect(wants).toHaveLength(2);
      expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeys);
      recordScenario(task, {
        section: 'Abuse: fuzz at every router entry',
        scenario: `hub port session from a ${sender} page`,
        injected:
          'random values, unknown types, fuzzed quotes and instruments, extra keys, over-long lists; content pages asking for the account, the watchlist or more than 4 instruments',
        times: `${String(MESSAGES_PER_SENDER - skipped)} messages (${String(skipped)} fuzzed values that were valid wants left out)`,
        result:
          'each answered by one error in words; the port stays open, the page’s wants unchanged, a valid want still works afterwards',
      });
    },
  );
});
