import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../index';
import { openTestSocket, type TestSocket } from '../server/ws-client.test-helper';

/** Table-based CRC-32 (IEEE 802.3), written here so the test shares nothing with the simulator. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function independentCrc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) | 0;
}

type Level = [string, string, string, string];
interface BookPush {
  asks: Level[];
  bids: Level[];
  checksum: number;
  seqId: number;
  prevSeqId: number;
}

/** One side of the client's book, best price first, kept sorted by binary insertion. */
class ClientSide {
  readonly levels: { price: number; px: string; sz: string }[] = [];
  constructor(private readonly descending: boolean) {}
  set(px: string, sz: string): void {
    const price = Number(px);
    let low = 0;
    let high = this.levels.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = this.levels[mid]!.price;
      if (this.descending ? other > price : other < price) low = mid + 1;
      else high = mid;
    }
    const found = this.levels[low]?.price === price;
    if (Number(sz) === 0) {
      if (found) this.levels.splice(low, 1);
    } else if (found) {
      this.levels[low]!.sz = sz;
    } else {
      this.levels.splice(low, 0, { price, px, sz });
    }
  }
}

/** The client's book, updated from snapshot + updates, with the checksum computed from it. */
class ClientBook {
  readonly bids = new ClientSide(true);
  readonly asks = new ClientSide(false);
  apply(push: BookPush): void {
    for (const [px, sz] of push.bids) this.bids.set(px, sz);
    for (const [px, sz] of push.asks) this.asks.set(px, sz);
  }
  checksum(): number {
    const parts: string[] = [];
    for (let i = 0; i < 25; i++) {
      const bid = this.bids.levels[i];
      const ask = this.asks.levels[i];
      if (bid) parts.push(`${bid.px}:${bid.sz}`);
      if (ask) parts.push(`${ask.px}:${ask.sz}`);
    }
    return independentCrc32(parts.join(':'));
  }
}

/**
 * Applies every `books` push on `socket` to `book` and hands it to `onPush` with whether the
 * checksum matches the book built so far; resolves once `onPush` answers true.
 */
function followBook(
  socket: TestSocket,
  book: ClientBook,
  onPush: (push: BookPush, checksumOk: boolean) => boolean,
): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    socket.socket.on('message', (data: Buffer) => {
      const push = (JSON.parse(data.toString()) as { data?: BookPush[] }).data?.[0];
      if (done || !push || !('checksum' in push)) return;
      book.apply(push);
      done = onPush(push, book.checksum() === push.checksum);
      if (done) resolve();
    });
  });
}

/** One simulator for a describe block, started before its tests and stopped after them. */
function simulatorFor(options: Parameters<typeof startSimulator>[0]): () => RunningSimulator {
  let sim: RunningSimulator | undefined;
  beforeAll(async () => {
    sim = await startSimulator(options);
  });
  afterAll(async () => {
    await sim?.stop();
  });
  return () => {
    if (!sim) throw new Error('The simulator has not started');
    return sim;
  };
}

/** Consecutive updates checked against the client's own book: enough to cross many level changes, little CPU. */
const UPDATES = 2_000;

describe('OKX books channel', () => {
  const sim = simulatorFor({ seed: 11, rate: 40_000 });

  it('the independent CRC32 reproduces the documented checksum vector', () => {
    // docs/protocol.md "OKX pushes" vector: bids 3366.1:7, 3366:6; asks 3366.8:9, 3368:8.
    expect(independentCrc32('3366.1:7:3366.8:9:3366:6:3368:8')).toBe(-1881014294);
  });

  it('sends 2,000 consecutive updates whose checksums and seqIds match the book built from them', async () => {
    const socket = await openTestSocket(`${sim().wsUrl}/ws/v5/public`);
    const book = new ClientBook();
    let previousSeqId: number | undefined;
    let updates = 0;
    let mismatches = 0;
    let seqBreaks = 0;
    let maxLevels = 0;
    const done = new Promise<void>((resolve) => {
      socket.socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as { action?: string; data?: BookPush[] };
        const push = message.data?.[0];
        if (!message.action || !push || updates === UPDATES) return;
        if (message.action === 'snapshot') {
          expect(push.prevSeqId).toBe(-1);
          maxLevels = Math.max(push.bids.length, push.asks.length);
        } else {
          if (push.prevSeqId !== previousSeqId) seqBreaks++;
          updates++;
        }
        book.apply(push);
        if (book.checksum() !== push.checksum) mismatches++;
        previousSeqId = push.seqId;
        if (updates === UPDATES) resolve();
      });
    });
    socket.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT-SWAP' }] });
    await done;
    socket.close();
    expect({ updates, mismatches, seqBreaks }).toEqual({ updates: UPDATES, mismatches: 0, seqBreaks: 0 });
    expect(maxLevels).toBe(400);
    expect(book.bids.levels).toHaveLength(400);
  }, 30_000);
});

describe('OKX books badChecksum fault', () => {
  const sim = simulatorFor({ seed: 12, rate: 2_000 });

  it('sends one wrong checksum when the badChecksum fault is set, then correct ones again', async () => {
    const socket = await openTestSocket(`${sim().wsUrl}/ws/v5/public`);
    const book = new ClientBook();
    const verdicts: boolean[] = [];
    // Pushes already on their way when the fault is set still carry good checksums (a loaded machine may
    // read many behind the simulator): follow until the bad one has come and 50 more after it.
    let badAt: number | undefined;
    const enough = followBook(socket, book, (_, checksumOk) => {
      verdicts.push(checksumOk);
      if (verdicts.length === 50) sim().ctx.faults.badChecksum = true;
      if (!checksumOk) badAt ??= verdicts.length;
      return badAt !== undefined && verdicts.length === badAt + 50;
    });
    socket.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'ETH-USDT-SWAP' }] });
    await enough;
    socket.close();
    expect(verdicts.filter((ok) => !ok)).toHaveLength(1);
    expect(verdicts.slice(0, 50).every(Boolean)).toBe(true);
    expect(sim().ctx.faults.badChecksum).toBe(false);
  }, 15_000);
});

describe('OKX books after a price jump', () => {
  const sim = simulatorFor({ seed: 13, tickMs: 20 });

  it('moves both sides of the client book to a full ladder around the new price, checksums intact', async () => {
    const socket = await openTestSocket(`${sim().wsUrl}/ws/v5/public`);
    const book = new ClientBook();
    let mismatches = 0;
    let seqBreaks = 0;
    let previousSeqId: number | undefined;
    let target = 0;
    let afterJump = 0;
    const settled = followBook(socket, book, (push, checksumOk) => {
      if (push.prevSeqId !== -1 && push.prevSeqId !== previousSeqId) seqBreaks++;
      previousSeqId = push.seqId;
      if (!checksumOk) mismatches++;
      return target > 0 && ++afterJump === 20;
    });
    socket.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT-SWAP' }] });
    await socket.next((_, json) => (json as { event?: string } | undefined)?.event === 'subscribe');
    const instrument = sim().ctx.market.find('okx', 'SWAP', 'BTC-USDT-SWAP')!;
    target = Math.round(Number(sim().ctx.market.lastPrice(instrument)) * 1.05);
    const answer = await fetch(`${sim().url}/__sim/price`, {
      method: 'POST',
      body: JSON.stringify({ exchange: 'okx', symbol: 'BTC-USDT-SWAP', price: String(target) }),
    });
    expect(answer.status).toBe(200);
    await settled;
    socket.close();
    expect({ mismatches, seqBreaks }).toEqual({ mismatches: 0, seqBreaks: 0 });
    const prices = (side: ClientSide) => side.levels.map((l) => l.price);
    expect(book.bids.levels).toHaveLength(400);
    expect(book.asks.levels).toHaveLength(400);
    // The walk goes on after the jump, so "around" allows a little drift; stale levels sat 5 % away.
    for (const px of [...prices(book.bids), ...prices(book.asks)])
      expect(Math.abs(px / target - 1)).toBeLessThan(0.005);
    expect(Math.min(...prices(book.asks))).toBeGreaterThan(Math.max(...prices(book.bids)));
  }, 15_000);
});
