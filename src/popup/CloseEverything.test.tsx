import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlattenView } from '../contracts/flatten';
import { expectNoAxeViolations } from '../ui/axe.test-helper';
import { CloseEverything } from './CloseEverything';
import { fakeBackground, resolves } from './popup-fakes.test-helper';
import { FOLLOW_EVERY_MS } from './use-flatten-run';
import { HOLD_MS } from '../ui/use-hold-to-confirm';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const RUNNING: FlattenView = {
  runId: 'flat1',
  phase: 'running',
  startedAt: 1,
  items: [
    {
      id: 'flat1o0',
      exchange: 'okx',
      kind: 'position',
      what: 'BTC-USDT-SWAP long 2',
      state: 'working',
      words: 'Closing…',
    },
    {
      id: 'okx:7',
      exchange: 'okx',
      kind: 'order',
      what: 'BTC-USDT-SWAP buy limit 1 at 50000',
      state: 'done',
      words: 'Cancelled.',
    },
    {
      id: 'bybit',
      exchange: 'bybit',
      kind: 'exchange',
      what: 'Bybit',
      state: 'open',
      words: 'Perch is locked.',
    },
  ],
  report: [],
};
const DONE: FlattenView = {
  ...RUNNING,
  phase: 'done',
  items: RUNNING.items.map((item) =>
    item.kind === 'position' ? { ...item, state: 'done', words: 'Closed; OKX confirmed it.' } : item,
  ),
  report: ['Not everything is closed: see below.', 'OKX is flat: 1 position closed, 1 order cancelled.'],
};

function show(answers: Parameters<typeof fakeBackground>[0], askNow = false) {
  const background = fakeBackground({ flattenStatus: resolves(null), ...answers });
  const { container } = render(<CloseEverything client={background.client} askNow={askNow} />);
  const sent = (name: string) => background.sent.filter((message) => message.name === name).length;
  return { container, sent };
}

const holdButton = () => screen.getByRole('button', { name: 'Hold to close everything' });

async function hold(button: HTMLElement, ms: number) {
  fireEvent.pointerDown(button, { button: 0 });
  await act(() => vi.advanceTimersByTimeAsync(ms));
  fireEvent.pointerUp(button);
}

describe('Close everything', () => {
  it('asks first, and only a hold for the whole hold time sends it', async () => {
    const { sent, container } = show({ closeEverything: resolves(RUNNING) });
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole('button', { name: 'Close everything…' }));
    expect(screen.getByRole('group', { name: 'Confirm close everything' }).textContent).toContain(
      'Close every position on OKX and Bybit at market and cancel every resting order?',
    );
    fireEvent.click(holdButton());
    await hold(holdButton(), HOLD_MS - 100);
    expect(sent('closeEverything')).toBe(0);

    await hold(holdButton(), HOLD_MS);
    expect(sent('closeEverything')).toBe(1);
    expect(screen.getByRole('button', { name: 'Closing everything…' })).toHaveProperty('disabled', true);
    vi.useRealTimers();
    await expectNoAxeViolations(container);
  });

  it('lets the trader keep everything', async () => {
    const { sent } = show({ closeEverything: resolves(RUNNING) });
    fireEvent.click(screen.getByRole('button', { name: 'Close everything…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep everything' }));
    expect(screen.queryByRole('group', { name: 'Confirm close everything' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(HOLD_MS));
    expect(sent('closeEverything')).toBe(0);
  });

  it('opens the confirmation at once when asked now, still sending nothing without the hold', async () => {
    const { sent } = show({ closeEverything: resolves(RUNNING) }, true);
    expect(holdButton()).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(HOLD_MS * 2));
    expect(sent('closeEverything')).toBe(0);
  });

  it('lists each position, order and exchange as it goes, then the report in words, and stops asking', async () => {
    let answer: FlattenView = RUNNING;
    const { sent } = show(
      { closeEverything: resolves(RUNNING), flattenStatus: () => Promise.resolve(answer) },
      true,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    await hold(holdButton(), HOLD_MS);
    const list = screen.getByRole('list', { name: 'Close everything: progress' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'OKX BTC-USDT-SWAP long 2 working — Closing…',
      'OKX BTC-USDT-SWAP buy limit 1 at 50000 done — Cancelled.',
      'Bybit still open — Perch is locked.',
    ]);
    answer = DONE;
    await act(() => vi.advanceTimersByTimeAsync(FOLLOW_EVERY_MS));
    expect(screen.getByRole('status').textContent).toBe(
      'Not everything is closed: see below.OKX is flat: 1 position closed, 1 order cancelled.',
    );
    expect(screen.getAllByRole('listitem')[0]?.textContent).toBe(
      'OKX BTC-USDT-SWAP long 2 done — Closed; OKX confirmed it.',
    );
    const asked = sent('flattenStatus');
    await act(() => vi.advanceTimersByTimeAsync(FOLLOW_EVERY_MS * 4));
    expect(sent('flattenStatus')).toBe(asked);
  });

  it('follows a run already going when the popup opens', async () => {
    show({ flattenStatus: resolves(RUNNING) });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Closing everything…' })).toHaveProperty('disabled', true);
  });

  it('says so when the background cannot be asked', async () => {
    show(
      {
        closeEverything: () =>
          Promise.reject(
            Object.assign(new Error('Perch is not running.'), { name: 'BackgroundStoppedError' }),
          ),
      },
      true,
    );
    await hold(holdButton(), HOLD_MS);
    expect(screen.getByRole('alert').textContent).toBe('Perch is not running.');
  });
});

it('keeps following a run through a worker that stopped, and says why it lost sight of it meanwhile', async () => {
  let answer: () => Promise<FlattenView> = () => Promise.resolve(RUNNING);
  show({ flattenStatus: () => answer() });
  await act(() => vi.advanceTimersByTimeAsync(0));
  answer = () => Promise.reject(new Error('The message channel closed.'));
  await act(() => vi.advanceTimersByTimeAsync(FOLLOW_EVERY_MS));
  expect(screen.getByRole('alert').textContent).toBe('The message channel closed.');
  answer = () => Promise.resolve(DONE);
  await act(() => vi.advanceTimersByTimeAsync(FOLLOW_EVERY_MS));
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByRole('status').textContent).toContain('OKX is flat');
});
