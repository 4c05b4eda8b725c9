import { startSimulator } from './index';
import { parseCliArgs } from './server/cli-args';
import { errorMessage } from './server/error-message';

/** Where a development build of Perch looks for the simulator (Perch's own default; sim imports nothing from src). */
const DEV_BUILD_PORT = 8765;

/**
 * `npm -s run sim -- --port 0 --seed 7 --rate 20000` (`-s` keeps npm's script banner off stdout). The first
 * stdout line is exactly the JSON contract (URLs and demo keys, see sim/README.md); the simulator then runs
 * until SIGINT/SIGTERM.
 */
async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`${parsed.error}\n`);
    process.exit(2);
  }
  const sim = await startSimulator(parsed.options);
  let stopping: Promise<void> | undefined;
  const shutdown = (): void => {
    stopping ??= sim.stop().then(() => process.exit(0));
    // A socket that never finishes closing must not keep the process alive.
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  // `on`, not `once`: tsx's own signal hook exits with 128+signal when it sees no listener left,
  // which would cut the clean stop short.
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.stdout.write(`${JSON.stringify({ url: sim.url, wsUrl: sim.wsUrl, accounts: sim.accounts })}\n`);
  if (!sim.url.endsWith(`:${DEV_BUILD_PORT}`)) {
    process.stderr.write(
      `A development build of Perch looks for the simulator on port ${DEV_BUILD_PORT}: start it with --port ${DEV_BUILD_PORT}, or save ${sim.url} as Perch's market.\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Simulator failed to start: ${errorMessage(error)}\n`);
  process.exit(1);
});
