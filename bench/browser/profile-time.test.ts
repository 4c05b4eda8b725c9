import { expect, it } from 'vitest';
import { scriptTimeMs, type CpuProfile } from './profile-time';

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
