import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { startSimulator } from '../sim/index';

/**
 * `npm run bench`: how many load-mode messages per wall-clock second the simulator delivers to one
 * OKX `books` subscriber in the same process, and the CPU each costs (the client's receive
 * included). A measurement, not a test: the figure depends on the machine and what else runs on it.
 */
const RATE = 20_000;
const WARM_UP_MS = 500;
const MEASURE_MS = 3_000;
const RESULT_FILE = new URL('results/sim-load.json', import.meta.url);

const wait = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

async function main(): Promise<void> {
  const sim = await startSimulator({ seed: 7, rate: RATE });
  const socket = new WebSocket(`${sim.wsUrl}/ws/v5/public`);
  let received = 0;
  socket.on('message', () => {
    received++;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT-SWAP' }] }));
  await wait(WARM_UP_MS);

  const startCount = received;
  const startCpu = process.cpuUsage();
  const startedAt = performance.now();
  await wait(MEASURE_MS);
  const elapsedMs = performance.now() - startedAt;
  const cpu = process.cpuUsage(startCpu);
  const messages = received - startCount;
  socket.close();
  await sim.stop();

  const result = {
    benchmark: 'sim-load',
    requestedRate: RATE,
    elapsedMs: Math.round(elapsedMs),
    messages,
    messagesPerSecond: Math.round((messages * 1000) / elapsedMs),
    cpuMicrosPerMessage: messages > 0 ? Number(((cpu.user + cpu.system) / messages).toFixed(1)) : null,
    cores: availableParallelism(),
    node: process.version,
    measuredAt: new Date().toISOString(),
  };
  await mkdir(new URL('.', RESULT_FILE), { recursive: true });
  await writeFile(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(
    `sim-load: ${String(result.messagesPerSecond)} messages/s at --rate ${String(RATE)}, ` +
      `${String(result.cpuMicrosPerMessage)} µs CPU per message (${String(messages)} in ${String(result.elapsedMs)} ms)\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `sim-load benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
