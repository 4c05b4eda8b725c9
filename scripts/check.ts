import { spawn } from 'node:child_process';

/**
 * `npm run check`: the type check and lint side by side. Each is mostly one CPU's work for about a minute,
 * so on two cores together they take little more than the longer of the two (npm test runs this first).
 * Each one's output is printed whole once it ends, never interleaved; the check fails if either does.
 */
function run(script: string): Promise<{ script: string; output: string; code: number }> {
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

const results = await Promise.all([run('typecheck'), run('lint')]);
for (const { script, output, code } of results) {
  process.stdout.write(`> ${script}: ${code === 0 ? 'passed' : `failed (exit ${String(code)})`}\n${output}`);
}
process.exit(results.some(({ code }) => code !== 0) ? 1 : 0);
