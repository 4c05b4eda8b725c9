import { expect } from 'vitest';

/** Values a malformed push might carry where the documented one stands. */
const ODD_VALUES: readonly unknown[] = [
  null,
  0,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  '7',
  true,
  {},
  [],
  ['1'],
  [1],
  [['1', 2]],
  { a: 1 },
];

/**
 * Every variant of `valid` with one value (at any depth) replaced by an odd one, or its key dropped, or
 * an unknown key added: the malformed pushes a hand check must refuse wherever the schema does.
 */
export function oneChangeVariants(valid: unknown): unknown[] {
  const variants = ODD_VALUES.filter((odd) => odd !== valid);
  if (Array.isArray(valid)) {
    const items = valid as unknown[];
    items.forEach((item, index) => {
      for (const variant of oneChangeVariants(item))
        variants.push(items.map((old, i) => (i === index ? variant : old)));
    });
    variants.push([...items, items[0]], items.slice(1));
  } else if (typeof valid === 'object' && valid !== null) {
    const record = valid as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const { [key]: dropped, ...rest } = record;
      variants.push(rest);
      for (const variant of oneChangeVariants(dropped)) variants.push({ ...rest, [key]: variant });
    }
    variants.push({ ...record, extra: 'x' });
  }
  return variants;
}

interface SafeParser {
  safeParse(value: unknown): { success: boolean };
}

/**
 * Proves a hot push's hand check against its schema on every one-change variant of `valid` pushes: the
 * check never passes what the schema refuses, and `read` (check, then schema) refuses exactly what the
 * schema refuses. Also proves the valid pushes take the fast way.
 */
export function expectCheckAsStrictAsSchema(
  schema: SafeParser,
  check: (value: unknown) => boolean,
  read: (value: unknown) => unknown,
  valid: readonly unknown[],
): void {
  for (const push of valid) expect(check(push)).toBe(true);
  let refused = 0;
  for (const variant of valid.flatMap(oneChangeVariants)) {
    const accepted = schema.safeParse(variant).success;
    if (!accepted) refused++;
    if (check(variant)) expect({ variant, accepted }).toEqual({ variant, accepted: true });
    let readOk = true;
    try {
      read(variant);
    } catch {
      readOk = false;
    }
    expect({ variant, readOk }).toEqual({ variant, readOk: accepted });
  }
  expect(refused).toBeGreaterThan(0);
}
