import { describe, expect, it } from 'vitest';
import { contracts, PERCH_ERROR_NAMES, replyEnvelope, type MessageName, type Sender } from '../contracts';
import { classifySender, dispatchMessage, type MessageHandlers, type SenderInfo } from './message-dispatch';
import {
  FUZZ_MARKER,
  hostileObject,
  hostileValue,
  seededRandom,
  type Random,
} from './fuzz-values.test-helper';
import { byRun, recordScenario } from '../../tests/reliability/scenario';

const MESSAGES_PER_SENDER = byRun(400, 2_000);
const SENDER_STAMPS = byRun(400, 2_000);
/** The long form's thousands of messages outlast the default 5 s on a busy 2-core machine. */
const FUZZ_TIMEOUT_MS = 120_000;
const SECTION = 'Abuse: fuzz at every router entry';
const SENDERS: readonly (Sender | undefined)[] = ['content', 'popup', 'options', undefined];
const NAMES = Object.keys(contracts) as MessageName[];
const EXTENSION_ONLY = NAMES.filter((name) => !contracts[name].senders.includes('content'));

/** One hostile message: any value, a broken envelope, an unknown name, or a contract with a fuzzed payload. */
function hostileMessage(random: Random, sender: Sender | undefined): unknown {
  const name = random.pick(NAMES);
  switch (random.int(6)) {
    case 0:
      return hostileValue(random);
    case 1:
      return { perch: random.pick([0, 2, '1', 1.5, null, NaN, hostileValue(random)]), name, payload: {} };
    case 2:
      return {
        perch: 1,
        name: random.next() < 0.5 ? hostileValue(random) : `${FUZZ_MARKER}${name}`,
        payload: {},
      };
    case 3:
      return { perch: 1, name, payload: {}, ...hostileObject(random) };
    case 4:
      return sender === 'content'
        ? { perch: 1, name: random.pick(EXTENSION_ONLY), payload: hostileValue(random) }
        : { perch: 1, name, payload: hostileValue(random) };
    default:
      return { perch: 1, name, payload: hostileObject(random) };
  }
}

/** Handlers that record their calls: no fuzzed message (all invalid, by this seed) may reach one. */
function countingHandlers() {
  const calls: { name: string; request: unknown }[] = [];
  const handlers = Object.fromEntries(
    NAMES.map((name) => [
      name,
      (request: unknown) => {
        calls.push({ name, request });
        return Promise.reject(new Error(`${FUZZ_MARKER} handler reached`));
      },
    ]),
  ) as unknown as MessageHandlers;
  return { handlers, calls };
}

describe.each(SENDERS)('fuzzing the message router as sender %s', (sender) => {
  it(
    `refuses ${MESSAGES_PER_SENDER} hostile messages in words, reaching no handler and changing nothing`,
    { timeout: FUZZ_TIMEOUT_MS },
    async ({ task }) => {
      const random = seededRandom(0x5eed + SENDERS.indexOf(sender));
      const prototypeKeys = Object.getOwnPropertyNames(Object.prototype);
      const { handlers, calls } = countingHandlers();

      for (let index = 0; index < MESSAGES_PER_SENDER; index += 1) {
        const message = hostileMessage(random, sender);
        const reply = replyEnvelope.parse(await dispatchMessage(message, sender, handlers, 7));

        expect(reply.ok, `message ${index}`).toBe(false);
        if (reply.ok) continue;
        expect(PERCH_ERROR_NAMES).toContain(reply.error.name);
        expect(reply.error.message, `message ${index}`).toMatch(/^[^\p{Cc}]{3,300}$/u);
        expect(reply.error.message).not.toContain(FUZZ_MARKER);
        expect(reply.error.message).not.toMatch(/\n\s+at /);
        expect(calls, `message ${index} reached a handler`).toEqual([]);
      }

      expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeys);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      recordScenario(task, {
        section: SECTION,
        scenario: `dispatchMessage from a ${sender ?? 'unknown'} sender`,
        injected:
          'random JSON-like values, wrong envelope versions, extra envelope keys, unknown and 2 MB names, every contract with fuzzed payloads; a content script naming extension-only messages',
        times: `${String(MESSAGES_PER_SENDER)} messages`,
        result:
          'every reply a Perch error in words (no stack, no input echoed), no handler reached, Object.prototype unchanged',
      });
    },
  );
});

describe('fuzzing sender classification', () => {
  const EXTENSION_ID = 'perch-id';
  const ORIGIN = `chrome-extension://${EXTENSION_ID}`;

  it(
    'never throws and names an extension page only for its exact address',
    { timeout: FUZZ_TIMEOUT_MS },
    ({ task }) => {
      const random = seededRandom(0xc1a55);
      const urls = [
        `${ORIGIN}:99999/popup.html`,
        `${ORIGIN}\u0000/popup.html`,
        `${ORIGIN}.evil.example/popup.html`,
        `${ORIGIN}@evil.example/options.html`,
        `${ORIGIN}/constructor`,
        `${ORIGIN}/__proto__`,
        `${ORIGIN}/popup.html/../options.html`,
      ];
      const PAGES = ['popup.html', 'options.html', 'POPUP.HTML', '%2e%2e/popup.html', '', 'toString'];
      for (let index = 0; index < SENDER_STAMPS; index += 1) {
        const url =
          random.next() < 0.5
            ? random.pick(urls)
            : `${ORIGIN}/${random.pick(PAGES)}${random.pick(['', '?x', '#popup.html', '\u0000', '/'])}`;
        const sender = {
          id: random.next() < 0.9 ? EXTENSION_ID : hostileValue(random),
          url,
          tab: hostileValue(random),
        };
        let seen: Sender | undefined;
        expect(
          () => {
            seen = classifySender(sender as SenderInfo, EXTENSION_ID, ORIGIN);
          },
          url.slice(0, 80),
        ).not.toThrow();
        if (seen === 'popup' || seen === 'options') {
          expect(url.startsWith(`${ORIGIN}/`)).toBe(true);
          expect(URL.parse(url)?.pathname).toBe(`/${seen}.html`);
        }
        if (seen === 'content') expect(url.startsWith(`${ORIGIN}/`)).toBe(false);
      }
      recordScenario(task, {
        section: SECTION,
        scenario: 'sender classification (classifySender)',
        injected:
          'sender stamps with look-alike hosts (<id>.evil.example), bad ports, NUL, %2e%2e paths, hostile tabs and ids',
        times: `${String(SENDER_STAMPS)} stamps`,
        result: 'never throws; popup or options only for the extension’s own page',
      });
    },
  );
});
