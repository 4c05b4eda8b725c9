import { expect, it } from 'vitest';
import { busyTimeMs, scriptTimeMs, type CpuProfile } from './profile-time';

const SCRIPT = 'chrome-extension://abc/content-scripts/overlay.js';
const frame = (url: string) => ({ url });

// (root) -> page app.js -> its helper; (root) -> overlay.js -> native DOM setter (no URL).
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame(''), children: [2, 4, 6] },
    { id: 2, callFrame: frame('https://www.tradingview.com/app.js'), children: [3] },
    { id: 3, callFrame: frame('https://www.tradingview.com/app.js') },
    { id: 4, callFrame: frame(SCRIPT), children: [5] },
    { id: 5, callFrame: frame('') },
    { id: 6, callFrame: frame('') },
  ],
  samples: [4, 5, 3, 6, 4],
  timeDeltas: [0, 100, 250, 400, 1000],
};

it('counts each sample in the script or in what it called, for the time until the next sample', () => {
  // Sample 4 (0 → 100 µs), sample 5 (→ 250 µs); the last sample has no next one to end it.
  expect(scriptTimeMs(PROFILE, SCRIPT)).toBeCloseTo(0.35);
});

it('is 0 when the script never ran', () => {
  expect(scriptTimeMs(PROFILE, 'chrome-extension://abc/other.js')).toBe(0);
});

it('counts every sample but the idle ones as busy: script, V8 and its garbage collector', () => {
  const worker: CpuProfile = {
    nodes: [
      { id: 1, callFrame: { url: '', functionName: '(root)' }, children: [2, 3, 4] },
      { id: 2, callFrame: { url: '', functionName: '(idle)' } },
      { id: 3, callFrame: { url: 'chrome-extension://abc/background.js', functionName: 'onMessage' } },
      { id: 4, callFrame: { url: '', functionName: '(garbage collector)' } },
    ],
    samples: [2, 3, 4, 2, 3],
    // Each sample counts until the next: idle 1 ms, script 2 ms, GC 0.5 ms, idle 4 ms; the last has no end.
    timeDeltas: [0, 1000, 2000, 500, 4000],
  };
  expect(busyTimeMs(worker)).toBeCloseTo(2.5);
});
