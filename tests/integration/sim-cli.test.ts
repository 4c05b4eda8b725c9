import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

const children: ChildProcess[] = [];

const root = new URL('../..', import.meta.url).pathname;

/** Starts the CLI exactly as its contract says (`npm -s run sim -- …`), in its own process group. */
function startCli(args: string[]): ChildProcess {
  const child = spawn('npm', ['-s', 'run', 'sim', '--', ...args], {
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
    if (child.spawnargs[0] === 'npm') process.kill(-child.pid, 'SIGTERM');
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

  it('says on stderr that a development build of Perch looks on port 8765, when it runs elsewhere', async () => {
    const child = startCli(['--port', '0']);
    const hint = createInterface({ input: child.stderr! });
    const { url } = JSON.parse(await firstLine(child)) as { url: string };

    await expect(new Promise((resolve) => hint.once('line', resolve))).resolves.toBe(
      `A development build of Perch looks for the simulator on port 8765: start it with --port 8765, or save ${url} as Perch's market.`,
    );
  }, 20_000);

  it('stops cleanly with exit code 0 when npm run sim gets SIGTERM, leaving nothing on its port', async () => {
    const child = startCli(['--port', '0']);
    const { url } = JSON.parse(await firstLine(child)) as { url: string };
    const exited = exitCode(child);

    child.kill('SIGTERM'); // npm's own process only, as a terminal or a supervisor would signal it

    expect(await exited).toBe(0);
    await expect(fetch(`${url}/api/v5/public/time`)).rejects.toThrow();
  }, 20_000);

  it('keeps answering after a client drops a request halfway through its body', async () => {
    const child = startCli(['--port', '0']);
    const { url } = JSON.parse(await firstLine(child)) as { url: string };
    const { port } = new URL(url);
    const dropped = connect(Number(port), '127.0.0.1');
    const closed = new Promise<void>((resolve) => {
      dropped.once('close', () => {
        resolve();
      });
    });
    dropped.on('error', () => undefined); // a reset is as good as a close here
    dropped.resume(); // read (and ignore) whatever comes back, so the server's close reaches us

    // Promise 1000 bytes, send 3, then hang up: the server's body read rejects with 'aborted'.
    dropped.end(
      'POST /api/v5/trade/order HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"i',
    );
    await closed;

    const time = await fetch(`${url}/api/v5/public/time`);
    expect(time.status).toBe(200);
    expect(child.exitCode).toBeNull();
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
