import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/dev-build';
import type { PartResult } from './figures';
import { parsePartResult } from './part-schema';

/**
 * Runs one Node part (`bench/ingest/main.ts`, …) in a process of its own: its JIT, heap and garbage stay
 * out of the others' figures. It writes its PartResult to a file; its progress goes to our terminal.
 */
export async function runPartProcess(script: string, args: readonly string[]): Promise<PartResult> {
  const dir = await mkdtemp(join(tmpdir(), 'perch-bench-'));
  const out = join(dir, 'part.json');
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', script, ...args, '--out', out], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`${script} stopped with exit code ${String(code)}`);
    return parsePartResult(JSON.parse(await readFile(out, 'utf8')) as unknown, script);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
