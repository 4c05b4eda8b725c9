/**
 * Order books: updates/s the product's own book code applies (OKX 400 levels with every checksum
 * verified, Bybit 200 levels with the update-id check), the cost of a resync, and the whole per-frame
 * path of the hot frames. Writes the `books` part of `npm run bench`.
 *
 * Run: node --import tsx bench/books/main.ts [--scale 0.1] --out FILE
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { Figure, PartResult, Target } from '../report/figures';
import { runBookCase, type BookRun } from './book-apply';
import { BYBIT_DEPTH, bybitBookCase, bybitRaceInput, okxBookCase, okxRaceInput } from './book-cases';
import { generateBookStream, type GeneratedBookStream } from './book-generator';
import { loadCcxtBook } from './ccxt-book';
import { hotFrameKinds, measureFramePath } from './frame-path';
import { readScale } from './measure';
import { referenceFigures, referenceRatios, type StreamReport } from './reference-figures';
import { raceReferences, type ReferenceRace } from './reference-race';
import { updateSizes } from './update-sizes';

/** Perch's target for OKX (docs/benchmarks.md "Targets"): book updates applied with the checksum verified. */
const OKX_UPDATES_TARGET = 400_000;
/** Rounds of the race against the references (after one untimed round). */
const REFERENCE_ROUNDS = 7;
/** OKX's `books` channel batches 100 ms of changes into one push: tens of levels each on a busy book. */
const BATCHED = { min: 20, max: 60 } as const;

/** What limits the OKX figure when it falls short, from the profile (node --cpu-prof) of this bench. */
const OKX_TARGET_MISSED =
  "OKX below 400,000/s: each level's checksum text is hashed once, when it enters the best 25, and the text's CRC joined from the levels' own from the first depth an update changed. The book side no longer splices a 400-level array: its levels sit in the middle of a buffer, best at the high end, so a change moves only the levels on its shorter side (those above it, near the best), and prices and sizes are read by a hand decimal reader that gives Number's value (src/exchanges/transport/decimal-number.ts). No walk of the best 25 is left: the side notes what an update changed in them as each change lands (the event's changes), and keeps each level's CRC with the level. What is left, from the profile (node --cpu-prof): the join of the CRCs from the first depth an update changed (a depth's bid and ask at once: two shifts from one flat table a depth, one of them waiting for the depth before, 25 deep at most), reading each level's price and size (the decimal reader, and the first touch of the push's level arrays), the side's search and move, and the [price, size] pair each level keeps; and a quiet machine (see the load above).";

/** Measured by hand with bench/books/frame-path.ts on the tree before the lift (8221a42) and after, alternately, same frames. */
const FRAME_PATH_BEFORE_AFTER =
  'The lift of the per-frame path (docs/benchmarks.md "What the benchmarks lifted in the product"), µs per frame before -> after, same harness and frames, the two trees run alternately 5 times (best of 5, 2 cores at load 4-5): OKX books 17.7 -> 5.9, OKX tickers 7.2 -> 2.6, Bybit orderbook.200 7.3 -> 3.7, Bybit tickers 6.8 -> 2.7; book code alone (this bench, best of 3 alternate runs at --scale 0.3) OKX 98,000 -> 231,000 updates/s, Bybit 285,000 -> 772,000. What it took: the OKX checksum kept per book as bytes, rewritten only from the first changed depth (crc-32 over the bytes, no string); book sides that keep the [price, size] pairs their events carry and reuse the levels of a side an update left alone; a snapshot appended, not spliced; hand checks at least as strict as zod in front of the hot schemas; push frames classified before any control field; ticker merges without Object.fromEntries/entries/filter, the OKX one on its last event.';

function readOut(argv: readonly string[]): string {
  const out = argv[argv.indexOf('--out') + 1];
  if (!argv.includes('--out') || out === undefined)
    throw new Error('usage: main.ts [--scale 0.1] --out FILE');
  return out;
}

function bookFigures(exchange: 'okx' | 'bybit', label: string, run: BookRun, note: string): Figure[] {
  const microsPerUpdate = 1e6 / run.updatesPerSecond;
  return [
    {
      id: `books.${exchange}.updates`,
      label: `${label}: updates applied (median pass)`,
      value: run.updatesPerSecond,
      unit: 'updates/s',
      note,
    },
    {
      id: `books.${exchange}.updates_best`,
      label: `${label}: updates applied, fastest pass`,
      value: run.bestUpdatesPerSecond,
      unit: 'updates/s',
      note: 'the best of the measured passes, beside their median: how much a busy machine takes',
    },
    {
      id: `books.${exchange}.resync`,
      label: `${label}: one resync (fresh snapshot)`,
      value: run.microsPerResync,
      unit: 'µs',
    },
    {
      id: `books.${exchange}.resync_updates`,
      label: `${label}: one resync, in updates`,
      value: run.microsPerResync / microsPerUpdate,
      unit: 'updates',
      note: 'how many updates the same time applies',
    },
  ];
}

async function main(): Promise<void> {
  const scale = readScale(process.argv);
  const out = readOut(process.argv);
  const loadStart = loadavg()[0] ?? 0;
  const updates = Math.round(100_000 * scale);
  const passes = { warmups: 2, rounds: 7, resyncs: Math.max(50, Math.round(2_000 * scale)) };

  const okxSpec = { depth: 400, updates, seed: 21, deletesOverflow: true };
  const okxStream = generateBookStream(okxSpec);
  const okx = runBookCase(okxBookCase(okxStream), passes);
  const bybitSpec = { depth: BYBIT_DEPTH, updates, seed: 22, deletesOverflow: false };
  const bybitStream = generateBookStream(bybitSpec);
  const bybit = runBookCase(bybitBookCase(bybitStream), passes);

  const createCcxtBook = await loadCcxtBook();
  const batched = { updates: Math.max(200, Math.round(updates / 10)), changesPerUpdate: BATCHED };
  const okxBatched = generateBookStream({ ...okxSpec, ...batched });
  const bybitBatched = generateBookStream({ ...bybitSpec, ...batched });
  const report = (id: string, label: string, stream: GeneratedBookStream, race: ReferenceRace) => ({
    id,
    label,
    sizes: updateSizes(stream),
    race,
  });
  const okxRace = (stream: GeneratedBookStream): ReferenceRace =>
    raceReferences(okxRaceInput(stream, createCcxtBook), REFERENCE_ROUNDS);
  const bybitRace = (stream: GeneratedBookStream): ReferenceRace =>
    raceReferences(bybitRaceInput(stream, createCcxtBook), REFERENCE_ROUNDS);
  const streams: StreamReport[] = [
    report('okx', 'OKX books, 1-4 levels a push', okxStream, okxRace(okxStream)),
    report('okx_batched', 'OKX books, batched pushes', okxBatched, okxRace(okxBatched)),
    report('bybit', 'Bybit orderbook.200, 1-4 levels a push', bybitStream, bybitRace(bybitStream)),
    report('bybit_batched', 'Bybit orderbook.200, batched pushes', bybitBatched, bybitRace(bybitBatched)),
  ];

  const frameFigures: Figure[] = [];
  const ratios: Record<string, number> = Object.assign({}, ...streams.map(referenceRatios)) as Record<
    string,
    number
  >;
  for (const kind of hotFrameKinds(Math.round(30_000 * scale))) {
    const result = await measureFramePath(kind, 7);
    frameFigures.push(
      {
        id: `books.frame.${kind.id}.perch`,
        label: `Per-frame path, ${kind.label}`,
        value: result.microsPerFrame,
        unit: 'µs',
        note: 'socket message to model event through the socket group (parse, route, book, event)',
      },
      {
        id: `books.frame.${kind.id}.json_parse`,
        label: `JSON.parse alone, ${kind.label}`,
        value: result.microsPerJsonParse,
        unit: 'µs',
      },
    );
    ratios[`books.frame.${kind.id}.perch/JSON.parse`] = result.microsPerJsonParse / result.microsPerFrame;
  }

  const target: Target = {
    id: 'books.okx.updates',
    label: 'OKX book updates, checksum verified',
    goal: '≥ 400,000 updates/s',
    measured: okx.updatesPerSecond,
    unit: 'updates/s',
    met: okx.updatesPerSecond >= OKX_UPDATES_TARGET,
  };
  const result: PartResult = {
    part: 'books',
    figures: [
      ...bookFigures(
        'okx',
        'OKX books, 400 levels',
        okx,
        'every update checked: seqId and the CRC-32 of the top 25',
      ),
      ...bookFigures(
        'bybit',
        'Bybit orderbook.200',
        bybit,
        'every update checked: update id; kept at 200 levels',
      ),
      ...streams.flatMap(referenceFigures),
      ...frameFigures,
    ],
    ratios,
    targets: [target],
    notes: [
      `Machine load (1-minute average) at the start and end of this part: ${loadStart.toFixed(1)} and ${loadavg()[0]?.toFixed(1) ?? '?'} on ${availableParallelism()} cores; the figures are the median pass, so a busy neighbour lowers them.`,
      ...(target.met ? [] : [OKX_TARGET_MISSED]),
      FRAME_PATH_BEFORE_AFTER,
      `Streams: ${updates} generated updates per book (1 to 4 changed levels each, most near the top), replayed from the snapshot ${passes.rounds} times after ${passes.warmups} warm-ups; the median pass counts. The view the book events keep (each carries only what changed; applyBookEvent) equals the generator's top 25 after the last update (checked).`,
      `Same-run references (books.*.race.*, books.*.perch/ccxt_book, books.*.perch/JSON.parse): Perch's book code, ccxt's own OrderBook (the class its okx and bybit watchOrderBook keep) fed the same updates as deltas, and JSON.parse of the same frames, run in turn ${REFERENCE_ROUNDS} rounds after an untimed one, the order rotated each round; each ratio is the median of the per-round ratios, its spread (min, max) beside it. ccxt's book verifies no checksum and builds no event; JSON.parse only parses. The batched streams: ${batched.updates} pushes of ${BATCHED.min} to ${BATCHED.max} level changes each, as OKX's books channel batches 100 ms (Bybit's orderbook.200 pushes every 100 ms too).`,
      "Book figures run the product's SocketBooks/SocketBook/BookSide with the exchange rules (okx/book.ts, bybit/book.ts), each update also building the BookEvent a listener gets (only the changes to the best 25 levels); frame figures add the socket manager, JSON.parse, the routing to the push parser and the push parser.",
    ],
  };
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  for (const figure of result.figures)
    console.log(`${figure.id.padEnd(36)} ${figure.value.toFixed(2)} ${figure.unit}`);
  for (const [name, value] of Object.entries(result.ratios)) console.log(`${name.padEnd(44)} ${value}`);
  console.log(`target ${target.goal}: ${target.met ? 'met' : 'missed'}`);
}

await main();
