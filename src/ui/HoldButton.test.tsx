import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from './axe.test-helper';
import { HoldButton } from './HoldButton';
import { renderInTheme, THEMES } from './themes.test-helper';
import { HOLD_MS } from './use-hold-to-confirm';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderHold(theme: (typeof THEMES)[number], onConfirm: () => void, disabled = false) {
  return renderInTheme(
    theme,
    <HoldButton
      className="perch-danger"
      words={(holding) => (holding ? 'Keep holding…' : 'Hold to close')}
      label={(words) => `${words} OKX BTC-USDT-SWAP long`}
      disabled={disabled}
      onConfirm={onConfirm}
    />,
  );
}

describe.each(THEMES)('a HoldButton (%s)', (theme) => {
  it('acts only once held for the whole hold time, its progress shown meanwhile', () => {
    const onConfirm = vi.fn();
    renderHold(theme, onConfirm);
    const button = screen.getByRole('button', { name: 'Hold to close OKX BTC-USDT-SWAP long' });

    fireEvent.click(button);
    fireEvent.pointerDown(button, { button: 0 });
    expect(button.getAttribute('aria-label')).toBe('Keep holding… OKX BTC-USDT-SWAP long');
    expect(button.getAttribute('data-holding')).toBe('true');
    act(() => {
      vi.advanceTimersByTime(HOLD_MS - 1);
    });
    expect(onConfirm).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('data-holding')).toBe('false');
  });

  it('passes axe while held', async () => {
    vi.useRealTimers();
    const { container } = renderHold(theme, vi.fn());
    fireEvent.pointerDown(screen.getByRole('button'), { button: 0 });
    await expectNoAxeViolations(container);
  });

  it('does nothing when let go early, or while disabled', async () => {
    const onConfirm = vi.fn();
    renderHold(theme, onConfirm);
    const button = screen.getByRole('button');

    fireEvent.keyDown(button, { key: ' ' });
    act(() => {
      vi.advanceTimersByTime(HOLD_MS / 2);
    });
    fireEvent.keyUp(button, { key: ' ' });
    act(() => {
      vi.advanceTimersByTime(HOLD_MS);
    });
    expect(onConfirm).not.toHaveBeenCalled();
    cleanup();
    vi.useRealTimers();
    const { container } = renderHold(theme, onConfirm, true);
    expect(screen.getByRole('button')).toHaveProperty('disabled', true);
    await expectNoAxeViolations(container);
  });
});
