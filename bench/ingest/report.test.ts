import { describe, expect, it } from 'vitest';
import { buildIngestResult, loopbackNote } from './report';
import type { InProcessResult } from './results';

const passes = (...cpu: number[]) => cpu.map((rate) => ({ cpu: rate, wall: rate, delivered: 4 }));
const result = (
  impl: InProcessResult['impl'],
  mix: InProcessResult['mix'],
  cpu: number[],
): InProcessResult => ({
  impl,
  exchange: 'okx',
  mix,
  frames: 4,
  count: mix === 'tickers' ? { books: 0, tickers: 4 } : { books: 1, tickers: 3 },
  passes: passes(...cpu),
  bestBid: undefined,
});

describe('buildIngestResult', () => {
  const part = buildIngestResult({
    inProcess: [
      result('perch', 'quotes', [100, 50, 90]),
      result('JSON.parse', 'quotes', [200, 200, 150]),
      result('perch', 'tickers', [300, 300, 300]),
      result('sdk', 'tickers', [200, 250, 400]),
    ],
    loopback: [],
    profileNotes: [],
    context: [],
  });

  it('gives each mix its ratios: the median of the per-round ones, with their range and the mix', () => {
    expect(part.ratios['ingest.okx.quotes.perch/JSON.parse']).toBe(0.5);
    expect(part.ratioNotes?.['ingest.okx.quotes.perch/JSON.parse']).toBe(
      '3 rounds 0.25–0.60; quote-heavy mix: 25 % book frames, 75 % ticker frames',
    );
    expect(part.ratios['ingest.okx.tickers.perch/okx-api']).toBe(1.2);
  });

  it('judges the quote-mix and ticker targets from those ratios', () => {
    const target = (id: string) => part.targets.find((t) => t.id === id);
    expect(target('ingest.okx.quotes.perch-vs-JSON.parse')).toMatchObject({
      measured: 50,
      unit: '%',
      met: true,
    });
    expect(target('ingest.okx.tickers.perch-vs-okx-api')).toMatchObject({ measured: 1.2, met: true });
  });
});

describe('loopbackNote', () => {
  it('says the rates both clients received, and when they were not the same', () => {
    expect(loopbackNote(5000, 4900)).toBe('CPU per message; received 5000 (Perch) and 4900 msg/s');
    expect(loopbackNote(5000, 2500)).toMatch(/not the same rate, not like for like$/);
  });
});
