import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

const children: ChildProcess[] = [];

const root = new URL('..', import.meta.url).pathname;

/** Starts the CLI the way `npm run sim` does, in its own process group so the test can stop it. */
function startCli(args: string[]): ChildProcess {
  const child = spawn('npx', ['tsx', 'sim/main.ts', ...args], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

function firstLine(child: ChildProcess): Promise<string> {
  const lines = createInterface({ input: child.stdout! });
  return new Promise<string>((resolve) => {
    lines.once('line', resolve);
  });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      resolve(code);
    });
  });
}

afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) continue;
    if (child.spawnargs[0] === 'npx') process.kill(-child.pid, 'SIGTERM');
    else child.kill('SIGTERM');
  }
});

describe('sim CLI', () => {
  it('prints exactly the contract JSON as its first stdout line', async () => {
    const child = startCli(['--port', '0', '--seed', '7']);
    const first = await firstLine(child);
    const parsed = JSON.parse(first) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['url', 'wsUrl', 'accounts']);
    expect(parsed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(parsed.wsUrl).toBe(String(parsed.url).replace('http://', 'ws://'));
    const accounts = parsed.accounts as { okx: Record<string, string>; bybit: Record<string, string> };
    expect(Object.keys(accounts.okx)).toEqual(['apiKey', 'secretKey', 'passphrase']);
    expect(Object.keys(accounts.bybit)).toEqual(['apiKey', 'apiSecret']);
    expect(first).toBe(JSON.stringify(parsed));
    const time = await fetch(`${String(parsed.url)}/api/v5/public/time`);
    expect(time.status).toBe(200);
  }, 20_000);

  it('stops cleanly with exit code 0 on SIGTERM', async () => {
    // node itself (not npx) so the signal reaches the simulator's own handler.
    const child = spawn(process.execPath, ['--import', 'tsx', 'sim/main.ts', '--port', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    await firstLine(child);
    const exited = exitCode(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 20_000);

  it.each([
    [['--prot', '0'], 'Unknown option "--prot"'],
    [['--port', 'eighty'], '--port needs a whole number, got "eighty"'],
  ])(
    'rejects %j with a clear message and exit code 2',
    async (args, message) => {
      const child = startCli(args);
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      expect(await exitCode(child)).toBe(2);
      expect(stderr).toContain(message);
    },
    20_000,
  );
});
