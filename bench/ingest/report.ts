import type { Figure, PartResult, Target } from '../report/figures';
import type { InProcessImpl, InProcessResult, LoopbackImpl, LoopbackResult } from './results';
import { median, ratio } from '../report/stats';
import { BENCH_EXCHANGES, type BenchExchange } from './stream-spec';

export const SDK_NAMES: Readonly<Record<BenchExchange, string>> = { okx: 'okx-api', bybit: 'bybit-api' };

/** The implementation's name in ids and ratios: the SDK under its package name. */
const implName = (impl: InProcessImpl | LoopbackImpl, exchange: BenchExchange): string =>
  impl === 'sdk' ? SDK_NAMES[exchange] : impl;

const EXCHANGE_LABEL: Readonly<Record<BenchExchange, string>> = { okx: 'OKX', bybit: 'Bybit' };

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
  return results.flatMap((result) => {
    const perSecond = median(result.passes);
    const name = implName(result.impl, result.exchange);
    const label = `${EXCHANGE_LABEL[result.exchange]} in-process, ${implLabel(result.impl, result.exchange)}`;
    const spread =
      `per CPU second, passes ${Math.round(Math.min(...result.passes))}–${Math.round(Math.max(...result.passes))}; ` +
      `per wall-clock second, median ${Math.round(median(result.wallPasses))}`;
    const note = [IMPL_NOTES[result.impl], spread].filter((part) => part !== undefined).join('; ');
    return [
      {
        id: `ingest.${result.exchange}.inprocess.${name}`,
        label,
        value: round(perSecond),
        unit: 'msg/s',
        note,
      },
      {
        id: `ingest.${result.exchange}.inprocess.${name}.us`,
        label: `${label}, per frame`,
        value: round(1e6 / perSecond, 2),
        unit: 'µs',
      },
    ];
  });
}

function loopbackFigures(results: readonly LoopbackResult[]): Figure[] {
  return results.flatMap((result) => {
    const name = implName(result.impl, result.exchange);
    const label = `${EXCHANGE_LABEL[result.exchange]} loopback, ${implLabel(result.impl, result.exchange)}`;
    const resynced = result.resyncs === 0 ? {} : { note: `${result.resyncs} book resyncs in the window` };
    return [
      {
        id: `ingest.${result.exchange}.loopback.${name}`,
        label,
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

/**
 * Ratios read as "how many times Perch's throughput": in-process from messages per second, over loopback
 * from the client's CPU per message (the peer's over Perch's), since the simulator, not the client, may
 * set the rate there.
 */
function ratios(input: IngestInput): Record<string, number> {
  const out: Record<string, number> = {};
  for (const exchange of BENCH_EXCHANGES) {
    const rate = (impl: InProcessImpl): number =>
      median(input.inProcess.find((r) => r.exchange === exchange && r.impl === impl)?.passes ?? []);
    for (const perch of ['perch', 'perch-nochecksum'] as const)
      for (const peer of ['ccxt.pro', 'sdk', 'JSON.parse'] as const)
        out[`ingest.${exchange}.${perch}/${implName(peer, exchange)}`] = ratio(rate(perch), rate(peer));
    const cpu = (impl: LoopbackImpl): number =>
      input.loopback.find((r) => r.exchange === exchange && r.impl === impl)?.cpuMicrosPerMessage ??
      Number.NaN;
    for (const peer of ['ccxt.pro', 'sdk', 'JSON.parse'] as const)
      out[`ingest.${exchange}.loopback.perch/${implName(peer, exchange)}`] = ratio(cpu(peer), cpu('perch'));
  }
  return out;
}

function targets(ratioTable: Readonly<Record<string, number>>): Target[] {
  return BENCH_EXCHANGES.flatMap((exchange) => {
    const peer = ratioTable[`ingest.${exchange}.perch/ccxt.pro`] ?? Number.NaN;
    const ceiling = ratioTable[`ingest.${exchange}.perch/JSON.parse`] ?? Number.NaN;
    const name = EXCHANGE_LABEL[exchange];
    return [
      {
        id: `ingest.${exchange}.perch-vs-ccxt.pro`,
        label: `${name} ingestion in-process against ccxt.pro`,
        goal: '≥ 2× ccxt.pro',
        measured: peer,
        unit: '×',
        met: peer >= 2,
      },
      {
        id: `ingest.${exchange}.perch-vs-JSON.parse`,
        label: `${name} ingestion in-process against bare JSON.parse`,
        goal: '≥ 50 % of JSON.parse',
        measured: round(ceiling * 100),
        unit: '%',
        met: ceiling >= 0.5,
      },
    ];
  });
}

export function buildIngestResult(input: IngestInput): PartResult {
  const ratioTable = ratios(input);
  return {
    part: 'ingest',
    figures: [...inProcessFigures(input.inProcess), ...loopbackFigures(input.loopback)],
    ratios: ratioTable,
    targets: targets(ratioTable),
    notes: [...input.context, ...input.profileNotes],
  };
}
