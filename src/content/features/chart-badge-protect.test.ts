// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { PerchError } from '../../contracts/perch-error';
import type { PositionView, ProtectionView } from '../../contracts/portfolio';
import { trustedKey, trustedPointer } from '../badge/badge-fakes.test-helper';
import {
  changedWhileHeld,
  CHART_HOLD_MS,
  holdHint,
  letGoEarly,
  NOT_AS_DRAWN,
  SETTLE_MS,
} from '../badge/press-words';
import {
  drawnText,
  holdButton,
  position,
  showBadge,
  useBadgePage,
  withPosition,
} from './chart-badge.test-helper';

const page = useBadgePage();
const text = (selector: string) => drawnText(page, selector);
const button = (className: string) => page.root.querySelector<HTMLButtonElement>(`.${className}`)!;

const stopSet: ProtectionView = {
  status: 'stop-set',
  words: 'stop set',
  legs: [
    { id: 'stop-1', role: 'stop', triggerPrice: '58000', triggerBy: 'mark' },
    { id: 'target-1', role: 'target', triggerPrice: '70000', triggerBy: 'last' },
  ],
};
const protectedLong: PositionView = { ...position, breakEvenPrice: '60030', protection: stopSet };

/** The request every held button names: the row's position as seen, and the chart's own instrument. */
const asSeen = {
  exchange: 'bybit',
  instrument: { kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
  slot: 'one-way',
  seen: { side: 'long', sizeContracts: '0.03' },
  page: { exchange: 'bybit', symbol: 'BTCUSDT' },
};

describe('protecting a position from the chart badge', () => {
  it('shows the protection status and each waiting leg with its price', () => {
    withPosition(showBadge(page), protectedLong);

    expect(text('.protection')).toBe('Stop set · Stop 58,000.00 · Target 70,000.00');
    expect(page.root.querySelector('.protection')!.className).toBe('protection');
  });

  it('warns when no stop can fire, and says when the stops are not known yet', () => {
    const port = showBadge(page);
    withPosition(port, {
      ...position,
      protection: { status: 'unprotected', words: 'unprotected', legs: [] },
    });
    expect(text('.protection')).toBe('Unprotected');
    expect(page.root.querySelector('.protection')!.className).toBe('protection down');

    withPosition(port, position);
    expect(text('.protection')).toBe('Stops not known yet');
  });

  it('shows the status word only in privacy mode: no price of any leg', () => {
    withPosition(showBadge(page, true), protectedLong);

    expect(text('.protection')).toBe('Stop set');
    expect(button('breakeven').getAttribute('aria-label')).toBe(
      'Hold to move the stop of your BTCUSDT position on Bybit to breakeven',
    );
    expect(button('close-half').getAttribute('aria-label')).toBe(
      'Hold to close half of your BTCUSDT position on Bybit',
    );
  });

  it('names each button for a screen reader by what it does to which position', () => {
    withPosition(showBadge(page), protectedLong);

    expect(text('.breakeven')).toBe('Breakeven');
    expect(text('.close-half')).toBe('Close half');
    expect(button('breakeven').getAttribute('aria-label')).toBe(
      'Hold to move the stop of the long BTCUSDT position on Bybit to breakeven',
    );
    expect(button('close-half').getAttribute('aria-label')).toBe(
      'Hold to close half of the long BTCUSDT position on Bybit',
    );
  });

  it('moves the stop to breakeven once Breakeven is held, sending the row as seen once, and shows the answer', async () => {
    const answer = 'Stop for BTCUSDT on Bybit at breakeven 60,030 sent; waiting for Bybit to confirm…';
    page.background.answers.moveStopToBreakeven = { status: 'sent', actionId: 'a-1', message: answer };
    withPosition(showBadge(page), protectedLong);

    await holdButton(button('breakeven'), CHART_HOLD_MS - 1);
    expect(text('.result')).toBe(holdHint('Breakeven'));
    expect(page.background.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS);

    expect(page.background.sent).toEqual([{ name: 'moveStopToBreakeven', payload: asSeen }]);
    expect(text('.result')).toBe(answer);
  });

  it('closes half once Close half is held, and shows the refusal the worker gives in words', async () => {
    const refusal = 'Half of 0.001 BTCUSDT is below Bybit’s minimum order of 0.001; nothing was sent.';
    page.background.answers.closePart = { status: 'refused', message: refusal };
    withPosition(showBadge(page), protectedLong);

    await holdButton(button('close-half'));

    expect(page.background.sent).toEqual([
      { name: 'closePart', payload: { ...asSeen, part: { percent: 50 } } },
    ]);
    expect(text('.result')).toBe(refusal);
  });

  it('shows an error the worker threw in its words', async () => {
    page.background.answers.moveStopToBreakeven = new PerchError(
      'PositionChangedError',
      'Your BTCUSDT position on Bybit changed since you saw it. Nothing was sent.',
    );
    withPosition(showBadge(page), protectedLong);

    await holdButton(button('breakeven'));

    expect(text('.result')).toBe(
      'Your BTCUSDT position on Bybit changed since you saw it. Nothing was sent.',
    );
  });

  it('sends nothing for page-made presses, clicks and keys on Breakeven or Close half', async () => {
    withPosition(showBadge(page), protectedLong);
    await vi.advanceTimersByTimeAsync(SETTLE_MS);

    for (const name of ['breakeven', 'close-half']) {
      const target = button(name);
      target.click();
      target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    }
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS * 2);

    expect(page.background.sent).toEqual([]);
    expect(text('.result')).toBe('');
  });

  it('sends nothing when Breakeven is let go too soon, and says to hold it', async () => {
    withPosition(showBadge(page), protectedLong);

    await holdButton(button('breakeven'), CHART_HOLD_MS / 2);
    trustedPointer(button('breakeven'), 'pointerup');
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS);

    expect(page.background.sent).toEqual([]);
    expect(text('.result')).toBe(letGoEarly('Breakeven'));
  });

  it('stops a hold on Close half when the position changes size under it', async () => {
    const port = showBadge(page);
    withPosition(port, protectedLong);
    await vi.advanceTimersByTimeAsync(SETTLE_MS);

    trustedKey(button('close-half'), ' ');
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS / 2);
    withPosition(port, { ...protectedLong, sizeContracts: '0.06' });
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS);

    expect(page.background.sent).toEqual([]);
    expect(text('.result')).toBe(changedWhileHeld('Close half'));
  });

  it('checks again when the hold completes: a badge restyled during the hold sends nothing', async () => {
    withPosition(showBadge(page), protectedLong);
    await vi.advanceTimersByTimeAsync(SETTLE_MS);

    trustedPointer(button('breakeven'), 'pointerdown');
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS / 2);
    page.host.style.opacity = '0';
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS);

    expect(page.background.sent).toEqual([]);
    expect(text('.result')).toBe(NOT_AS_DRAWN);
  });
});
