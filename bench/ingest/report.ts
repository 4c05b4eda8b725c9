import type { Figure, PartResult, Target } from '../report/figures';
import { median, ratio, round2 } from '../report/stats';
import { describeMix, type Mix } from './frame-mix';
import type { InProcessImpl, InProcessResult, LoopbackImpl, LoopbackResult } from './results';
import { ratioSpread } from '../report/rounds';
import { BENCH_EXCHANGES, type BenchExchange } from './stream-spec';

export const SDK_NAMES: Readonly<Record<BenchExchange, string>> = { okx: 'okx-api', bybit: 'bybit-api' };

/** The implementation's name in ids and ratios: the SDK under its package name. */
const implName = (impl: InProcessImpl | LoopbackImpl, exchange: BenchExchange): string =>
  impl === 'sdk' ? SDK_NAMES[exchange] : impl;

const EXCHANGE_LABEL: Readonly<Record<BenchExchange, string>> = { okx: 'OKX', bybit: 'Bybit' };

const MIX_LABEL: Readonly<Record<Mix, string>> = {
  recorded: 'recorded stream',
  quotes: 'quote-heavy mix',
  tickers: 'ticker frames only',
  books: 'book frames only',
};

/** Ids and ratio names: the recorded stream keeps the names it always had, the other mixes add theirs. */
const mixKey = (exchange: BenchExchange, mix: Mix): string =>
  mix === 'recorded' ? `ingest.${exchange}` : `ingest.${exchange}.${mix}`;

function implLabel(impl: InProcessImpl | LoopbackImpl, exchange: BenchExchange): string {
  switch (impl) {
    case 'perch':
      return 'Perch (parse, verified book, model)';
    case 'perch-nochecksum':
      return 'Perch, OKX checksum off';
    case 'ccxt.pro':
      return 'ccxt.pro';
    case 'sdk':
      return `${SDK_NAMES[exchange]} (no book)`;
    case 'JSON.parse':
      return 'JSON.parse alone';
  }
}

const IMPL_NOTES: Partial<Record<InProcessImpl | LoopbackImpl, string>> = {
  'ccxt.pro':
    'ccxt 4.5 checks OKX seqIds but no longer verifies OKX checksums, and checks no Bybit update id',
  sdk: 'keeps no book and merges no ticker delta: parses and emits each frame',
};

export interface IngestInput {
  readonly inProcess: readonly InProcessResult[];
  readonly loopback: readonly LoopbackResult[];
  /** Sentences on what the profile shows, per exchange. */
  readonly profileNotes: readonly string[];
  readonly context: readonly string[];
}

const round = (value: number, digits = 0): number => Number(value.toFixed(digits));

function inProcessFigures(results: readonly InProcessResult[]): Figure[] {
  return results.map((result) => {
    const cpu = result.passes.map((pass) => pass.cpu);
    const perSecond = median(cpu);
    const spread =
      `${(1e6 / perSecond).toFixed(2)} µs a frame; ${String(cpu.length)} rounds, ` +
      `${String(Math.round(Math.min(...cpu)))}–${String(Math.round(Math.max(...cpu)))} per CPU second; ` +
      `per wall-clock second, median ${String(Math.round(median(result.passes.map((pass) => pass.wall))))}`;
    return {
      id: `${mixKey(result.exchange, result.mix)}.inprocess.${implName(result.impl, result.exchange)}`,
      label: `${EXCHANGE_LABEL[result.exchange]} ${MIX_LABEL[result.mix]}, ${implLabel(result.impl, result.exchange)}`,
      value: round(perSecond),
      unit: 'msg/s',
      note: [IMPL_NOTES[result.impl], spread].filter((part) => part !== undefined).join('; '),
    };
  });
}

function loopbackFigures(results: readonly LoopbackResult[]): Figure[] {
  return results.flatMap((result) => {
    const name = implName(result.impl, result.exchange);
    const label = `${EXCHANGE_LABEL[result.exchange]} loopback, ${implLabel(result.impl, result.exchange)}`;
    const resynced =
      result.resyncs === 0 ? {} : { note: `${String(result.resyncs)} book resyncs in the window` };
    return [
      {
        id: `ingest.${result.exchange}.loopback.${name}`,
        label: `${label}, messages received`,
        value: round(result.messagesPerSecond),
        unit: 'msg/s',
        ...resynced,
      },
      {
        id: `ingest.${result.exchange}.loopback.${name}.cpu`,
        label: `${label}, client CPU per message`,
        value: round(result.cpuMicrosPerMessage, 2),
        unit: 'µs',
      },
    ];
  });
}

const PERCH_IMPLS = ['perch', 'perch-nochecksum'] as const;
const PEER_IMPLS = ['ccxt.pro', 'sdk', 'JSON.parse'] as const;

/** Apart by more than this, two loopback clients did not get the same rate (a loaded machine starves one). */
const SAME_RATE_TOLERANCE = 0.1;

/** A loopback ratio's note: the rates the two clients received, and whether they compare like with like. */
export function loopbackNote(perchRate: number, peerRate: number): string {
  const rates = `CPU per message; received ${String(Math.round(perchRate))} (Perch) and ${String(Math.round(peerRate))} msg/s`;
  const apart = Math.abs(perchRate - peerRate) / Math.max(perchRate, peerRate);
  return apart > SAME_RATE_TOLERANCE ? `${rates}: not the same rate, not like for like` : rates;
}

interface Ratios {
  readonly values: Record<string, number>;
  readonly notes: Record<string, string>;
}

/**
 * Ratios read as "how many times Perch's throughput". In-process: per mix, Perch over each peer it ran
 * beside, the median of the per-round ratios (with their range and the mix in the note); on Bybit also
 * Perch over its own checksum-off run, the same code. Over loopback: the peer's CPU per message over
 * Perch's, every client having received the same rate.
 */
function ratios(input: IngestInput): Ratios {
  const values: Record<string, number> = {};
  const notes: Record<string, string> = {};
  const groups = new Map<string, InProcessResult[]>();
  for (const result of input.inProcess) {
    const key = mixKey(result.exchange, result.mix);
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  for (const [key, group] of groups) {
    const [first] = group;
    if (first === undefined) continue;
    const cpu = (impl: InProcessImpl) => group.find((r) => r.impl === impl)?.passes.map((p) => p.cpu);
    const pairs: [InProcessImpl, InProcessImpl][] = [
      ...PERCH_IMPLS.flatMap((perch) =>
        PEER_IMPLS.map((peer): [InProcessImpl, InProcessImpl] => [perch, peer]),
      ),
      ...(first.exchange === 'bybit'
        ? [['perch', 'perch-nochecksum'] as [InProcessImpl, InProcessImpl]]
        : []),
    ];
    for (const [perch, peer] of pairs) {
      const numerators = cpu(perch);
      const denominators = cpu(peer);
      if (numerators === undefined || denominators === undefined) continue;
      const spread = ratioSpread(numerators, denominators);
      const name = `${key}.${perch}/${implName(peer, first.exchange)}`;
      values[name] = round2(spread.median);
      notes[name] =
        `${String(spread.rounds)} rounds ${round2(spread.min).toFixed(2)}–${round2(spread.max).toFixed(2)}; ` +
        `${MIX_LABEL[first.mix]}: ${describeMix(first.count)}`;
    }
  }
  for (const exchange of BENCH_EXCHANGES) {
    const client = (impl: LoopbackImpl) =>
      input.loopback.find((r) => r.exchange === exchange && r.impl === impl);
    const perch = client('perch');
    for (const peer of PEER_IMPLS) {
      const other = client(peer);
      const name = `ingest.${exchange}.loopback.perch/${implName(peer, exchange)}`;
      values[name] = ratio(
        other?.cpuMicrosPerMessage ?? Number.NaN,
        perch?.cpuMicrosPerMessage ?? Number.NaN,
      );
      notes[name] = loopbackNote(perch?.messagesPerSecond ?? 0, other?.messagesPerSecond ?? 0);
    }
  }
  return { values, notes };
}

interface TargetSpec {
  readonly mix: Mix;
  readonly peer: InProcessImpl;
  readonly label: string;
  readonly goal: string;
  readonly percent: boolean;
  readonly met: (ratio: number) => boolean;
}

/** docs/benchmarks.md "Targets": what issue 26 asks of ingestion, per exchange. */
const TARGETS: readonly TargetSpec[] = [
  {
    mix: 'recorded',
    peer: 'ccxt.pro',
    label: 'ingestion in-process against ccxt.pro',
    goal: '≥ 2.5× ccxt.pro',
    percent: false,
    met: (value) => value >= 2.5,
  },
  {
    mix: 'recorded',
    peer: 'JSON.parse',
    label: 'ingestion in-process against bare JSON.parse',
    goal: '≥ 50 % of JSON.parse',
    percent: true,
    met: (value) => value >= 0.5,
  },
  {
    mix: 'quotes',
    peer: 'JSON.parse',
    label: 'quote-heavy ingestion (80 % tickers) against bare JSON.parse',
    goal: '≥ 50 % of JSON.parse',
    percent: true,
    met: (value) => value >= 0.5,
  },
  {
    mix: 'tickers',
    peer: 'sdk',
    label: 'ticker frames against the exchange SDK',
    goal: '> 1× the SDK',
    percent: false,
    met: (value) => value > 1,
  },
  {
    mix: 'books',
    peer: 'ccxt.pro',
    label: 'book frames, checksums verified, against ccxt.pro',
    goal: '≥ 1.5× ccxt.pro',
    percent: false,
    met: (value) => value >= 1.5,
  },
];

function targets(ratioTable: Readonly<Record<string, number>>): Target[] {
  return BENCH_EXCHANGES.flatMap((exchange) =>
    TARGETS.map((spec) => {
      const measured =
        ratioTable[`${mixKey(exchange, spec.mix)}.perch/${implName(spec.peer, exchange)}`] ?? Number.NaN;
      return {
        id: `${mixKey(exchange, spec.mix)}.perch-vs-${implName(spec.peer, exchange)}`,
        label: `${EXCHANGE_LABEL[exchange]} ${spec.label}${spec.peer === 'sdk' ? ` (${SDK_NAMES[exchange]})` : ''}`,
        goal: spec.goal,
        measured: spec.percent ? round(measured * 100) : measured,
        unit: spec.percent ? '%' : '×',
        met: spec.met(measured),
      };
    }),
  );
}

export function buildIngestResult(input: IngestInput): PartResult {
  const { values, notes } = ratios(input);
  return {
    part: 'ingest',
    figures: [...inProcessFigures(input.inProcess), ...loopbackFigures(input.loopback)],
    ratios: values,
    ratioNotes: notes,
    targets: targets(values),
    notes: [...input.context, ...input.profileNotes],
  };
}
