/**
 * Order books: updates/s the product's own book code applies (OKX 400 levels with every checksum
 * verified, Bybit 200 levels with the update-id check), the cost of a resync, and the whole per-frame
 * path of the hot frames. Writes the `books` part of `npm run bench`.
 *
 * Run: node --import tsx bench/books/main.ts [--scale 0.1] --out FILE
 */
import { writeFileSync } from 'node:fs';
import { createBybitBook } from '../../src/exchanges/bybit/book';
import { createOkxBook } from '../../src/exchanges/okx/book';
import type { Figure, PartResult, Target } from '../report/figures';
import { generateBookStream } from './book-generator';
import { runBookCase, type BookRun } from './book-apply';
import { BYBIT_SYMBOL, OKX_INST_ID, bybitBookUpdates, okxBookUpdates } from './exchange-frames';
import { hotFrameKinds, measureFramePath } from './frame-path';
import { readScale } from './measure';

/** The target for OKX: book updates applied with the checksum verified. */
const OKX_UPDATES_TARGET = 400_000;
const BYBIT_DEPTH = 200;

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
      label: `${label}: updates applied`,
      value: run.updatesPerSecond,
      unit: 'updates/s',
      note,
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
  const updates = Math.round(100_000 * scale);
  const passes = { warmups: 2, rounds: 7, resyncs: Math.max(50, Math.round(2_000 * scale)) };

  const okxStream = generateBookStream({ depth: 400, updates, seed: 21, deletesOverflow: true });
  const okx = runBookCase(
    {
      exchange: 'okx',
      topic: { topic: 'books', payload: { instId: OKX_INST_ID } },
      symbol: OKX_INST_ID,
      updates: okxBookUpdates(okxStream),
      stream: okxStream,
      createBook: createOkxBook,
    },
    passes,
  );
  const bybitStream = generateBookStream({ depth: BYBIT_DEPTH, updates, seed: 22, deletesOverflow: false });
  const bybit = runBookCase(
    {
      exchange: 'bybit',
      topic: { topic: `orderbook.${BYBIT_DEPTH}.${BYBIT_SYMBOL}` },
      symbol: BYBIT_SYMBOL,
      updates: bybitBookUpdates(bybitStream),
      stream: bybitStream,
      createBook: () => createBybitBook(BYBIT_DEPTH),
    },
    passes,
  );

  const frameFigures: Figure[] = [];
  for (const kind of hotFrameKinds(Math.round(30_000 * scale))) {
    const result = await measureFramePath(kind, 7);
    frameFigures.push({
      id: `books.frame.${kind.id}`,
      label: `Per-frame path, ${kind.label}`,
      value: result.microsPerFrame,
      unit: 'µs',
      note: 'socket message to model event through the socket group (classify, parse, book, event)',
    });
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
      ...frameFigures,
    ],
    ratios: {},
    targets: [target],
    notes: [
      `Streams: ${updates} generated updates per book (1 to 4 changed levels each, most near the top), replayed from the snapshot ${passes.rounds} times after ${passes.warmups} warm-ups; the median pass counts. The last book event equals the generator's top 25 (checked).`,
      "Book figures run the product's SocketBooks/SocketBook/BookSide with the exchange rules (okx/book.ts, bybit/book.ts), each update also building the BookEvent a listener gets; frame figures add the socket manager, classify, JSON.parse and the push parser.",
    ],
  };
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  for (const figure of result.figures)
    console.log(`${figure.id.padEnd(36)} ${figure.value.toFixed(2)} ${figure.unit}`);
  console.log(`target ${target.goal}: ${target.met ? 'met' : 'missed'}`);
}

await main();
