import type { BenchRun } from './bench-run';
import type { Figure, PartResult, Target } from './figures';

/** Headings of the parts, in the order of docs/benchmarks.md "What each part measures"; an unknown part keeps its own name. */
const PART_TITLES: Readonly<Record<string, string>> = {
  ingest: 'Stream ingestion (Node)',
  books: 'Order books (Node)',
  browser: 'Chromium: tick to screen, popup, content script, worker heap',
  footprint: 'Footprint: bundles',
};

const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** Three significant figures at most, thousands grouped: 412,000 · 3.41 · 0.0312. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
  const rounded = magnitude >= 1000 ? Number(value.toPrecision(3)) : value;
  return rounded.toLocaleString('en-US', { maximumFractionDigits: digits });
}

function figureTable(figures: readonly Figure[]): string {
  return [
    '| measure | value | unit | note |',
    '| --- | ---: | --- | --- |',
    ...figures.map(
      (figure) =>
        `| ${cell(figure.label)} | ${formatValue(figure.value)} | ${figure.unit} | ${cell(figure.note ?? '')} |`,
    ),
  ].join('\n');
}

function targetTable(targets: readonly Target[]): string {
  return [
    '| target | goal | measured | |',
    '| --- | --- | ---: | --- |',
    ...targets.map(
      (target) =>
        `| ${cell(target.label)} | ${cell(target.goal)} | ${formatValue(target.measured)} ${target.unit} | ${target.met ? 'met' : '**missed**'} |`,
    ),
  ].join('\n');
}

function ratioTable(
  ratios: Readonly<Record<string, number>>,
  notes: Readonly<Record<string, string>>,
): string {
  return [
    '| ratio | value | note |',
    '| --- | ---: | --- |',
    ...Object.entries(ratios).map(
      ([name, value]) => `| \`${name}\` | ${formatValue(value)} | ${cell(notes[name] ?? '')} |`,
    ),
  ].join('\n');
}

function partSection(part: PartResult): string {
  const notes = part.notes.map((note) => `- ${note}`);
  return [
    `### ${PART_TITLES[part.part] ?? part.part}`,
    '',
    figureTable(part.figures),
    ...(notes.length > 0 ? ['', ...notes] : []),
  ].join('\n');
}

/** The generated part of docs/benchmarks.md: where it ran, the targets, the ratios, then each part. */
export function renderBenchmarks(run: BenchRun): string {
  const { machine } = run;
  const minutes = Math.floor(run.durationSeconds / 60);
  const seconds = Math.round(run.durationSeconds % 60);
  const header = [
    `Run of ${run.startedAt.slice(0, 16).replace('T', ' ')} UTC (${run.mode === 'full' ? 'full' : '**quick, scaled down: not the figures to quote**'}), ${String(minutes)} min ${String(seconds)} s.`,
    `${machine.cpu}, ${String(machine.cores)} cores, ${String(machine.memoryGiB)} GiB, ${machine.os}.`,
    `Versions: ${Object.entries(run.versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}.`,
  ].join(' ');
  const targets = run.parts.flatMap((part) => part.targets);
  const ratios = Object.assign({}, ...run.parts.map((part) => part.ratios)) as Record<string, number>;
  const ratioNotes = Object.assign({}, ...run.parts.map((part) => part.ratioNotes ?? {})) as Record<
    string,
    string
  >;
  return [
    header,
    '',
    '### Targets',
    '',
    targetTable(targets),
    '',
    '### Ratios (Perch over a peer or a ceiling, same frames, same run)',
    '',
    ratioTable(ratios, ratioNotes),
    '',
    ...run.parts.flatMap((part) => [partSection(part), '']),
  ].join('\n');
}
