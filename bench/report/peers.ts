import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/dev-build';

const BENCH = join(ROOT, 'bench');
/** The libraries Perch is compared with (bench/package.json). */
export const PEERS = ['ccxt', 'okx-api', 'bybit-api'] as const;

/**
 * The peer libraries are the bench's own dependencies (bench/package.json), so the project's `npm ci`
 * stays lean: the first `npm run bench` on a machine installs them, exactly as locked.
 */
export function ensurePeers(): void {
  if (PEERS.every((name) => existsSync(join(BENCH, 'node_modules', name, 'package.json')))) return;
  console.log('Installing the peer libraries the benchmarks compare with (bench/package.json)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: BENCH, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Could not install the peer libraries in bench/ (npm ci failed).');
}
