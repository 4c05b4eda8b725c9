import type { PartResult } from './figures';

/** One `npm run bench`: where and with what it ran, and what each part measured. */
export interface BenchRun {
  /** ISO time the run started. */
  readonly startedAt: string;
  readonly durationSeconds: number;
  /** `full` is the run the docs show; `quick` is scaled down for development and says so. */
  readonly mode: 'full' | 'quick';
  readonly machine: {
    readonly cpu: string;
    readonly cores: number;
    readonly memoryGiB: number;
    readonly os: string;
  };
  /** Node, Chromium, Perch and every library whose speed is compared. */
  readonly versions: Readonly<Record<string, string>>;
  readonly parts: readonly PartResult[];
}

/** bench/results/latest.json: flat maps a script can read without knowing the parts. */
export function latestJson(run: BenchRun): object {
  const { parts, ...about } = run;
  return {
    ...about,
    figures: Object.fromEntries(
      parts.flatMap((part) => part.figures.map(({ id, ...figure }) => [id, figure] as const)),
    ),
    ratios: Object.assign({}, ...parts.map((part) => part.ratios)) as Record<string, number>,
    ratioNotes: Object.assign({}, ...parts.map((part) => part.ratioNotes ?? {})) as Record<string, string>,
    targets: parts.flatMap((part) => part.targets),
    notes: Object.fromEntries(parts.map((part) => [part.part, part.notes])),
  };
}
