/**
 * What every part of `npm run bench` hands the report: its figures, the ratios that compare Perch with a
 * peer or a ceiling measured in the same run, and each target of docs/benchmarks.md "Targets", met or not.
 */
export interface Figure {
  /** Dotted and stable, e.g. `ingest.okx.inprocess.perch`: the key in latest.json. */
  readonly id: string;
  /** What a reader of docs/benchmarks.md sees in the table. */
  readonly label: string;
  readonly value: number;
  /** `msg/s`, `updates/s`, `ms`, `µs`, `KB`, `MB`, `ms/s` */
  readonly unit: string;
  /** Why the figure reads as it does (a peer that skips the checksum, a run shortened, …). */
  readonly note?: string | undefined;
}

export interface Target {
  readonly id: string;
  readonly label: string;
  /** In words, e.g. `≥ 2× ccxt.pro`, `< 20 ms`. */
  readonly goal: string;
  readonly measured: number;
  readonly unit: string;
  readonly met: boolean;
}

export interface PartResult {
  /** `ingest`, `books`, `browser`, `footprint` */
  readonly part: string;
  readonly figures: readonly Figure[];
  /** Flat: `"ingest.okx.perch/ccxt.pro": 2.3`, `"ingest.okx.perch/JSON.parse": 0.52`. */
  readonly ratios: Readonly<Record<string, number>>;
  /** Beside a ratio, by its name: its spread over the rounds, the frame mix it was taken on. */
  readonly ratioNotes?: Readonly<Record<string, string>> | undefined;
  readonly targets: readonly Target[];
  /** Sentences for the docs: what limits a missed target and what would lift it, caveats of a peer. */
  readonly notes: readonly string[];
}
