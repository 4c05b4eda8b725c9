import { startSimulator } from './index';
import { parseCliArgs } from './server/cli-args';

/**
 * `npm run sim -- --port 0 --seed 7 --rate 20000`. The first stdout line is exactly the JSON
 * contract of issue 3; the simulator then runs until SIGINT/SIGTERM.
 */
async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`${parsed.error}\n`);
    process.exit(2);
  }
  const sim = await startSimulator(parsed.options);
  process.stdout.write(`${JSON.stringify({ url: sim.url, wsUrl: sim.wsUrl, accounts: sim.accounts })}\n`);
  const shutdown = (): void => {
    void sim.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`Simulator failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
