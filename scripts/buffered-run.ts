import { spawn } from 'node:child_process';

export interface BufferedResult {
  readonly script: string;
  readonly output: string;
  readonly code: number;
}

/** Runs `npm run <script>` with its output held back, so runs side by side never interleave. */
export function runBuffered(script: string): Promise<BufferedResult> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      resolve({ script, output, code: code ?? 1 });
    });
  });
}

/** Prints each run's output whole, under a line saying whether it passed. */
export function printResults(results: readonly BufferedResult[]): void {
  for (const { script, output, code } of results) {
    process.stdout.write(
      `> ${script}: ${code === 0 ? 'passed' : `failed (exit ${String(code)})`}\n${output}`,
    );
  }
}
