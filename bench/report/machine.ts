import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '../../scripts/browser-paths';
import { ROOT } from '../../scripts/dev-build';
import type { BenchRun } from './bench-run';
import { PEERS } from './peers';

/** The libraries Perch's figures depend on (the peers' versions are read too). */
const PRODUCT_PACKAGES = ['react', 'zod', 'ws', 'wxt'] as const;

function versionOf(packageJson: string): string {
  try {
    const parsed = JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : 'unknown';
  } catch {
    return 'not installed';
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8' })
      .trim()
      .replace(/^Chromium\s+/, '');
  } catch {
    return 'not found';
  }
}

export function machine(): BenchRun['machine'] {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: availableParallelism(),
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
  };
}

export function versions(): BenchRun['versions'] {
  return {
    perch: versionOf(join(ROOT, 'package.json')),
    node: process.version,
    chromium: chromiumVersion(),
    ...Object.fromEntries(
      PRODUCT_PACKAGES.map((name) => [name, versionOf(join(ROOT, 'node_modules', name, 'package.json'))]),
    ),
    ...Object.fromEntries(
      PEERS.map((name) => [name, versionOf(join(ROOT, 'bench/node_modules', name, 'package.json'))]),
    ),
  };
}
