import type { StartOptions } from '../index';

export type CliParse = { ok: true; options: StartOptions } | { ok: false; error: string };

const USAGE = 'Usage: npm run sim -- [--port N (0 = any free port)] [--seed N] [--rate N messages/s]';

/** Parses `--port N --seed N --rate N` (also `--port=N`); anything else is an error with the usage. */
export function parseCliArgs(argv: readonly string[]): CliParse {
  const options: StartOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag = '', inline] = arg.split('=', 2);
    const value = inline ?? argv[++i];
    const name = flag.replace(/^--/, '');
    if (!['port', 'seed', 'rate'].includes(name) || !flag.startsWith('--'))
      return { ok: false, error: `Unknown option "${arg}". ${USAGE}` };
    const number = value !== undefined && /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(number))
      return { ok: false, error: `--${name} needs a whole number, got "${value ?? ''}". ${USAGE}` };
    if (name === 'port' && number > 65_535)
      return { ok: false, error: `--port must be 0-65535, got ${number}. ${USAGE}` };
    if (name === 'port') options.port = number;
    else if (name === 'seed') options.seed = number;
    else options.rate = number;
  }
  return { ok: true, options };
}
