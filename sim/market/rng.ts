/** A seeded pseudo-random source, so a run started with `--seed N` replays the same market. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Standard normal sample (Box-Muller). */
  normal(): number;
  /** `length` characters drawn from `alphabet`. */
  string(length: number, alphabet: string): string;
}

/** mulberry32: tiny, fast, and good enough for a simulated market (not for secrets outside the sim). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: () => {
      const u = Math.max(next(), Number.EPSILON);
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    string: (length, alphabet) => {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet.charAt(Math.floor(next() * alphabet.length));
      return out;
    },
  };
}
