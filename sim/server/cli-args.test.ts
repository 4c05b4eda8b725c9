import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args';

describe('parseCliArgs', () => {
  it('reads --port, --seed and --rate, also as --name=value', () => {
    expect(parseCliArgs(['--port', '0', '--seed=7', '--rate', '20000'])).toEqual({
      ok: true,
      options: { port: 0, seed: 7, rate: 20000 },
    });
    expect(parseCliArgs([])).toEqual({ ok: true, options: {} });
  });

  it('explains a bad value or an unknown flag', () => {
    expect(parseCliArgs(['--port', '70000'])).toMatchObject({
      ok: false,
      error: expect.stringContaining('--port must be 0-65535, got 70000') as unknown,
    });
    expect(parseCliArgs(['--seed'])).toMatchObject({
      ok: false,
      error: expect.stringContaining('--seed needs a whole number, got ""') as unknown,
    });
    expect(parseCliArgs(['port', '1'])).toMatchObject({
      ok: false,
      error: expect.stringContaining('Unknown option "port"') as unknown,
    });
  });
});
