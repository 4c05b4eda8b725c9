/** A small seeded generator (a linear congruential one): a randomized test replays the same steps every run. */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
