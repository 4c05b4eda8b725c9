import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startLoopbackClient } from './loopback-clients';
import { LOOPBACK_IMPLS, type LoopbackResult } from './results';

const wait = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      impl: { type: 'string' },
      exchange: { type: 'string' },
      url: { type: 'string' },
      'ws-url': { type: 'string' },
      'warm-up-ms': { type: 'string', default: '1000' },
      'window-ms': { type: 'string', default: '3000' },
    },
  });
  const impl = LOOPBACK_IMPLS.find((name) => name === values.impl);
  const exchange = values.exchange === 'okx' || values.exchange === 'bybit' ? values.exchange : undefined;
  if (
    impl === undefined ||
    exchange === undefined ||
    values.url === undefined ||
    values['ws-url'] === undefined
  )
    throw new Error('usage: --impl NAME --exchange okx|bybit --url URL --ws-url URL');
  const client = await startLoopbackClient(impl, exchange, { url: values.url, wsUrl: values['ws-url'] });
  await wait(Number(values['warm-up-ms']));
  if (client.processed() === 0) throw new Error(`${impl} processed nothing during the warm-up`);
  const startCount = client.processed();
  const startCpu = process.cpuUsage();
  const startedAt = performance.now();
  await wait(Number(values['window-ms']));
  const cpu = process.cpuUsage(startCpu);
  const elapsedMs = performance.now() - startedAt;
  const messages = client.processed() - startCount;
  await client.stop();
  const result: LoopbackResult = {
    impl,
    exchange,
    messages,
    messagesPerSecond: (messages * 1000) / elapsedMs,
    cpuMicrosPerMessage: (cpu.user + cpu.system) / messages,
    resyncs: client.resyncs(),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
