/**
 * Deterministic hostile values for fuzz tests: a tiny seeded PRNG (xorshift32), so a failing case is
 * reproduced by its seed and index, never by luck.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

export type Random = ReturnType<typeof seededRandom>;

/** Marks every fuzzed string, so a test can tell whether a reply echoed the input. */
export const FUZZ_MARKER = 'FUZZ-SECRET-';

/** Keys that would change every object if a parser copied them naively. */
export const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

const CONTROL = '\u0000\u0007\b\t\n\r\u001b\u2028\u2029\ufeff\ud800';

/** A string that looks like a secret, sometimes with control characters, sometimes megabytes long. */
function hostileString(random: Random): string {
  const body = `${FUZZ_MARKER}${random.int(1e9).toString(36)}`;
  switch (random.int(5)) {
    case 0:
      return `${body}${CONTROL}`;
    case 1:
      return body.padEnd(1 + random.int(2) * 1024 * 1024 + random.int(4096), 'A');
    case 2:
      return `${body}"}]'\\<script>`;
    default:
      return body;
  }
}

function nested(depth: number): unknown {
  let value: unknown = FUZZ_MARKER;
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

/** Any JSON-ish value, and the values structured clone lets through that JSON would not. */
export function hostileValue(random: Random, depth = 0): unknown {
  const leaves: (() => unknown)[] = [
    () => null,
    () => undefined,
    () => random.next() < 0.5,
    () => random.pick([NaN, Infinity, -Infinity, -0, Number.MAX_VALUE, 1e308 * 10, 2 ** 53 + 1]),
    () => random.int(2 ** 31) - 2 ** 30,
    () => hostileString(random),
    () => random.pick(['NaN', 'Infinity', '-1e999', '1e-999', '0x10', ' 1 ', '']),
    () => nested(200 + random.int(2000)),
  ];
  if (depth >= 3 || random.next() < 0.4) return random.pick(leaves)();
  if (random.next() < 0.3) {
    return Array.from({ length: random.int(5) }, () => hostileValue(random, depth + 1));
  }
  return hostileObject(random, depth + 1);
}

/** An object with at least one key no contract takes: a polluting key or a marked one. */
export function hostileObject(random: Random, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const extraKey = random.next() < 0.5 ? random.pick(POLLUTING_KEYS) : hostileString(random);
  // defineProperty, so `__proto__` becomes an own key as JSON.parse would make it, not the prototype.
  Object.defineProperty(object, extraKey, {
    value: hostileValue(random, depth + 1),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  for (let index = random.int(3); index > 0; index -= 1) {
    object[random.pick(['quotes', 'exchange', 'symbol', 'name', 'id', 'value'])] = hostileValue(
      random,
      depth + 1,
    );
  }
  return object;
}
