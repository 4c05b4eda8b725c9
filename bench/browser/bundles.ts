import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../../scripts/dev-build';
import type { Figure, PartResult, Target } from '../report/figures';
import { bundleFiles } from './bundle-files';
import { round2 } from '../report/stats';

const BUILD_DIR = join(ROOT, '.output/chrome-mv3');
const ENTRIES = [
  { name: 'background', entry: 'background.js', label: 'Background worker' },
  { name: 'popup', entry: 'popup.html', label: 'Popup' },
  { name: 'options', entry: 'options.html', label: 'Options page' },
  { name: 'content', entry: 'content-scripts/overlay.js', label: 'Content script (chart overlay)' },
] as const;
/** docs/overlay.md "Size": the script injected into every chart page. */
const CONTENT_MAX_KB = 15;

const kb = (bytes: number) => round2(bytes / 1024);

/**
 * Gzip size of each bundle of the Chrome store build (`wxt build`, as `npm run build` makes it): every
 * file the entry loads, each gzipped on its own as the browser fetches them, summed. Chunks shared by
 * the popup and the options page count in both.
 */
export async function measureBundles(): Promise<PartResult> {
  execFileSync('npx', ['wxt', 'build'], { cwd: ROOT, stdio: 'pipe' });
  const read = (path: string) => readFileSync(join(BUILD_DIR, path), 'utf8');
  const figures: Figure[] = [];
  const targets: Target[] = [];
  for (const { name, entry, label } of ENTRIES) {
    const files = bundleFiles(entry, read);
    const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(BUILD_DIR, file))).length, 0);
    const raw = files.reduce((sum, file) => sum + readFileSync(join(BUILD_DIR, file)).length, 0);
    figures.push({
      id: `footprint.bundle.${name}.gzip`,
      label: `${label}, gzip`,
      value: kb(gzip),
      unit: 'KB',
      note: `${String(files.length)} file${files.length === 1 ? '' : 's'}, ${String(kb(raw))} KB before gzip`,
    });
    if (name === 'content')
      targets.push({
        id: 'footprint.bundle.content.gzip',
        label: 'Content script, gzip',
        goal: `< ${String(CONTENT_MAX_KB)} KB`,
        measured: kb(gzip),
        unit: 'KB',
        met: gzip < CONTENT_MAX_KB * 1024,
      });
  }
  return Promise.resolve({
    part: 'footprint',
    figures,
    ratios: {},
    targets,
    notes: [
      'Bundles of the Chrome store build (production mode); each file gzipped on its own, as the browser loads it. The popup and the options page share React, zod and the contracts in common chunks, counted in both.',
    ],
  });
}
