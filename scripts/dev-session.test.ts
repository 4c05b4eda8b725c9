import { describe, expect, it } from 'vitest';
import { testPassphraseRule } from '../src/contracts/passphrase-rule.test-helper';
import { DEV_PASSPHRASE, devPositions } from './dev-session';

describe('DEV_PASSPHRASE', () => {
  it('passes the rule the worker applies to a new vault passphrase', async () => {
    expect((await testPassphraseRule())(DEV_PASSPHRASE)).toMatchObject({ accepted: true });
  });
});

describe('devPositions', () => {
  it('opens a long in profit on OKX and a short at a loss on Bybit, at whole-dollar entries', () => {
    expect(devPositions(67_250.5)).toEqual({
      okx: { posSide: 'net', size: 3, avgPx: 66_578 },
      bybit: { posSide: 'net', size: -0.03, avgPx: 66_914 },
    });
  });
});
