/** A V8 CPU profile as DevTools' `Profiler.stop` returns it, as far as this sum reads it. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly url: string; readonly functionName?: string };
    readonly children?: readonly number[];
  }[];
  readonly samples?: readonly number[];
  /** µs before each sample */
  readonly timeDeltas?: readonly number[];
}

/**
 * Ms the thread spent in the script at `url` or in anything it called (the DOM's own code included):
 * each sample whose stack holds one of its frames counts for the time until the next sample.
 */
export function scriptTimeMs(profile: CpuProfile, url: string): number {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const urlOf = new Map(profile.nodes.map((node) => [node.id, node.callFrame.url]));
  const inScript = new Map<number, boolean>();
  const runsScript = (id: number): boolean => {
    const known = inScript.get(id);
    if (known !== undefined) return known;
    const up = parent.get(id);
    const answer = urlOf.get(id) === url || (up !== undefined && runsScript(up));
    inScript.set(id, answer);
    return answer;
  };
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  samples.forEach((id, index) => {
    if (runsScript(id)) total += deltas[index + 1] ?? 0;
  });
  return total / 1000;
}

/**
 * Ms the profiled thread was busy: every sample but the idle ones, each counting for the time until the
 * next sample (script, V8's own work and its garbage collector alike).
 */
export function busyTimeMs(profile: CpuProfile): number {
  const idle = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
  );
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  (profile.samples ?? []).forEach((id, index) => {
    if (!idle.has(id)) total += deltas[index + 1] ?? 0;
  });
  return total / 1000;
}
