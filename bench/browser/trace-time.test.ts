import { expect, it } from 'vitest';
import { scriptTimeMs, type TraceEvent } from './trace-time';

const SCRIPT = 'chrome-extension://abc/content-scripts/overlay.js';
const call = (ts: number, dur: number, url = SCRIPT): TraceEvent => ({
  name: 'FunctionCall',
  ph: 'X',
  ts,
  dur,
  args: { data: { url } },
});

it('sums the time of calls into the script, nested calls once', () => {
  const events = [
    { name: 'EvaluateScript', ph: 'X', ts: 0, dur: 2000, args: { data: { url: SCRIPT } } },
    call(500, 300),
    call(10_000, 400),
    call(10_300, 500),
    call(20_000, 900, 'https://www.tradingview.com/chart.js'),
    { name: 'FunctionCall', ph: 'B', ts: 30_000, args: { data: { url: SCRIPT } } },
    { name: 'Layout', ph: 'X', ts: 40_000, dur: 700 },
  ];
  expect(scriptTimeMs(events, SCRIPT)).toBeCloseTo(2.8);
});

it('is 0 when the script never ran', () => {
  expect(scriptTimeMs([call(0, 100, 'https://example.com/app.js')], SCRIPT)).toBe(0);
});
