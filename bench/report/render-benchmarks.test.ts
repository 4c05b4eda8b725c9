import { describe, expect, it } from 'vitest';
import { latestJson, type BenchRun } from './bench-run';
import { formatValue, renderBenchmarks } from './render-benchmarks';

const run: BenchRun = {
  startedAt: '2026-11-26T18:40:12.000Z',
  durationSeconds: 598.4,
  mode: 'full',
  machine: { cpu: 'Test CPU', cores: 2, memoryGiB: 24, os: 'Linux 6.1' },
  versions: { node: 'v20.20.0', ccxt: '4.5.84' },
  parts: [
    {
      part: 'ingest',
      figures: [
        { id: 'ingest.okx.inprocess.perch', label: 'OKX, Perch', value: 412_345.6, unit: 'msg/s' },
        {
          id: 'ingest.okx.inprocess.ccxt',
          label: 'OKX | ccxt.pro',
          value: 150_000,
          unit: 'msg/s',
          note: 'no checksum',
        },
      ],
      ratios: { 'ingest.okx.perch/ccxt.pro': 2.749 },
      ratioNotes: { 'ingest.okx.perch/ccxt.pro': '7 rounds 2.61–2.80; recorded stream: 50 % book frames' },
      targets: [
        {
          id: 'ingest.okx.vs-ccxt',
          label: 'OKX vs ccxt.pro',
          goal: '≥ 2×',
          measured: 2.749,
          unit: '×',
          met: true,
        },
      ],
      notes: ['ccxt 4.5 does not verify OKX checksums.'],
    },
    {
      part: 'browser',
      figures: [{ id: 'browser.tick.overlay.p99', label: 'Tick to overlay, p99', value: 23.04, unit: 'ms' }],
      ratios: {},
      targets: [
        {
          id: 'browser.tick.overlay.p99',
          label: 'Tick to overlay p99',
          goal: '< 20 ms',
          measured: 23.04,
          unit: 'ms',
          met: false,
        },
      ],
      notes: [],
    },
  ],
};

describe('formatValue', () => {
  it('keeps three significant figures and groups thousands', () => {
    expect(formatValue(412_345.6)).toBe('412,000');
    expect(formatValue(23.04)).toBe('23');
    expect(formatValue(3.4149)).toBe('3.41');
    expect(formatValue(0.03123)).toBe('0.031');
  });
});

describe('renderBenchmarks', () => {
  const doc = renderBenchmarks(run);

  it('says where and how long it ran, with the versions compared', () => {
    expect(doc).toContain('Run of 2026-11-26 18:40 UTC (full), 9 min 58 s.');
    expect(doc).toContain('Test CPU, 2 cores, 24 GiB, Linux 6.1.');
    expect(doc).toContain('node v20.20.0, ccxt 4.5.84');
  });

  it('marks a missed target, and every ratio by its name', () => {
    expect(doc).toContain('| Tick to overlay p99 | < 20 ms | 23 ms | **missed** |');
    expect(doc).toContain('| OKX vs ccxt.pro | ≥ 2× | 2.75 × | met |');
    expect(doc).toContain(
      '| `ingest.okx.perch/ccxt.pro` | 2.75 | 7 rounds 2.61–2.80; recorded stream: 50 % book frames |',
    );
  });

  it('gives each part its table and notes, with pipes in labels escaped', () => {
    expect(doc).toContain('### Stream ingestion (Node)');
    expect(doc).toContain('| OKX \\| ccxt.pro | 150,000 | msg/s | no checksum |');
    expect(doc).toContain('- ccxt 4.5 does not verify OKX checksums.');
  });

  it('warns when the figures come from a scaled-down run', () => {
    expect(renderBenchmarks({ ...run, mode: 'quick' })).toContain('quick, scaled down');
  });
});

describe('latestJson', () => {
  it('flattens figures by id and ratios into one object', () => {
    const json = latestJson(run) as { figures: Record<string, { value: number }>; ratios: object };
    expect(json.figures['ingest.okx.inprocess.perch']?.value).toBe(412_345.6);
    expect(json.ratios).toEqual({ 'ingest.okx.perch/ccxt.pro': 2.749 });
  });
});
