import { describe, expect, it } from 'vitest';
import { positionKey } from '../contracts/instrument-key';
import type { PositionView } from '../contracts/portfolio';
import { OKX_BTC_LONG } from './popup-fakes.test-helper';
import { settleByStream, type ProtectionPending } from './protection-pending';
import { protectionFingerprint, type ProtectionKind } from './protection-requests';

const LONG: PositionView = { ...OKX_BTC_LONG, protection: { legs: [], status: 'unprotected', words: '' } };
const STOP = { id: 's1', role: 'stop', triggerPrice: '61000', triggerBy: 'mark' } as const;

function pending(kind: ProtectionKind, phase: ProtectionPending['phase']): Record<string, ProtectionPending> {
  return {
    [kind]: {
      kind,
      exchange: 'okx',
      about: positionKey(LONG),
      phase,
      words: '',
      before: protectionFingerprint(LONG, kind),
    },
  };
}

describe('protection actions settled by the stream', () => {
  it('confirms a sent stop once its legs change, and not when only a target changed', () => {
    const withTarget = {
      ...LONG,
      protection: { ...LONG.protection!, legs: [{ ...STOP, role: 'target' as const }] },
    };
    expect(settleByStream(pending('stop', 'sent'), [withTarget]).confirmed).toEqual([]);

    const withStop = { ...LONG, protection: { ...LONG.protection!, legs: [STOP] } };
    expect(settleByStream(pending('stop', 'sent'), [withStop])).toEqual({
      pending: {},
      confirmed: [{ text: 'Stop confirmed by OKX.', about: positionKey(LONG) }],
    });
  });

  it('waits for the answer before confirming anything', () => {
    const withStop = { ...LONG, protection: { ...LONG.protection!, legs: [STOP] } };
    expect(settleByStream(pending('stop', 'sending'), [withStop]).confirmed).toEqual([]);
  });

  it('confirms a part close by a smaller size or a gone position; a stop on a gone position is dropped', () => {
    expect(
      settleByStream(pending('close-part', 'sent'), [{ ...LONG, sizeContracts: '2' }]).confirmed,
    ).toHaveLength(1);
    expect(settleByStream(pending('close-part', 'sent'), []).confirmed).toHaveLength(1);
    expect(settleByStream(pending('stop', 'sent'), [])).toEqual({ pending: {}, confirmed: [] });
  });

  it('does not take the first listing of unknown legs for a change', () => {
    const unknown = { ...LONG, protection: undefined };
    expect(settleByStream(pending('stop', 'sent'), [unknown]).confirmed).toEqual([]);
  });
});
