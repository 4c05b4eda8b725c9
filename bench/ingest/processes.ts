import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `node [flags] --import tsx SCRIPT args` from the repository root; resolves to its last stdout line as JSON. */
export function runChild<T>(
  script: string,
  args: readonly string[],
  nodeFlags: readonly string[] = [],
): Promise<T> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script, ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || last === '')
        reject(new Error(`${script} ${args.join(' ')} failed (${String(code)}): ${stderr.trim()}`));
      else resolve(JSON.parse(last) as T);
    });
  });
}

/** A long-lived child that answers one JSON line per command line (bench/ingest/inprocess-child.ts). */
export interface CommandChild<Ready> {
  /** Its first line: what it loaded, once it is warm. */
  readonly ready: Ready;
  command<T>(line: string): Promise<T>;
}

/** Starts `node --import tsx SCRIPT args` from the repository root and waits for its first JSON line. */
export async function startCommandChild<Ready>(
  script: string,
  args: readonly string[],
): Promise<CommandChild<Ready>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async <T>(): Promise<T> => {
    const line = await lines.next();
    if (line.done === true) throw new Error(`${script} ${args.join(' ')} stopped: ${stderr.trim()}`);
    return JSON.parse(line.value) as T;
  };
  const ready = await next<Ready>();
  return {
    ready,
    command: <T>(line: string) => {
      child.stdin.write(`${line}\n`);
      return next<T>();
    },
  };
}

export interface SimProcess {
  readonly url: string;
  readonly wsUrl: string;
  stop(): Promise<void>;
}

/** The simulator's CLI in its own process, in load mode; its first stdout line names its URLs. */
export async function startSimProcess(rate: number, seed: number): Promise<SimProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'sim/main.ts', '--port', '0', '--seed', String(seed), '--rate', String(rate)],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const stdout = child.stdout;
  if (stdout === null) throw new Error('the simulator has no stdout');
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: stdout });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => {
      reject(new Error(`the simulator exited (${String(code)}) before it printed its address`));
    });
  });
  const { url, wsUrl } = JSON.parse(first) as { url: string; wsUrl: string };
  return {
    url,
    wsUrl,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
