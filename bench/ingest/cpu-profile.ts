/** The parts of a V8 `.cpuprofile` (node --cpu-prof) that self time is read from. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
    };
  }[];
  readonly samples: readonly number[];
  /** Microseconds since the previous sample, one per sample. */
  readonly timeDeltas: readonly number[];
}

export interface SelfTime {
  /** `name (file)`: the file relative to the repository, or from `node_modules/` for a dependency. */
  readonly where: string;
  readonly micros: number;
}

/**
 * A script's URL made short: from `node_modules/` for a dependency (wherever it is installed), else
 * relative to `root`. Lines are left out: tsx compiles the TypeScript, so V8's lines are not the source's.
 */
function shortFile(url: string, root: string): string {
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + 1);
  return url.startsWith(root) ? url.slice(root.length) : url;
}

/** Self time per function (the time its own code was on top of the stack), largest first. */
export function selfTimes(profile: CpuProfile, root = ''): SelfTime[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id);
    if (frame === undefined) return;
    const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
    const file = shortFile(frame.url, root);
    const where = file === '' ? name : `${name} (${file})`;
    totals.set(where, (totals.get(where) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return [...totals.entries()]
    .map(([where, micros]) => ({ where, micros }))
    .sort((a, b) => b.micros - a.micros);
}
