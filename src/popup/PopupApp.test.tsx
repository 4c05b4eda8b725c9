import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageName } from '../contracts';
import type { MessageClient } from '../platform/message-client';
import { PopupApp } from './PopupApp';
import { createPopupStore } from './store';

afterEach(cleanup);

type Answer = () => Promise<unknown>;

/** A background stand-in: each message gets its answers in turn (the last one repeats). */
function fakeBackground(answers: Partial<Record<MessageName, Answer[]>>): MessageClient {
  const calls: Partial<Record<MessageName, number>> = {};
  return {
    send: (name) => {
      const call = calls[name] ?? 0;
      calls[name] = call + 1;
      const queue = answers[name] ?? [];
      const answer = queue[Math.min(call, queue.length - 1)];
      if (answer === undefined) throw new Error(`no answer for ${name}`);
      return answer() as never;
    },
  };
}

const running: Answer = () =>
  Promise.resolve({ version: '0.1.0', workerStartedAt: Date.UTC(2026, 0, 1), answeredAt: 0 });
const simulatorMarket: Answer = () =>
  Promise.resolve({
    endpoint: { environment: 'simulator', restUrl: 'http://127.0.0.1:8765', wsUrl: 'ws://127.0.0.1:8765' },
    exchanges: [
      { exchange: 'okx', symbol: 'BTC-USDT-SWAP', lastPrice: '67000.1' },
      { exchange: 'bybit', symbol: 'BTCUSDT', problem: 'Bybit rejected GET /v5/market/tickers: 10006' },
    ],
  });
const asleep: Answer = () => Promise.reject(new Error('Could not establish connection.'));

describe('PopupApp', () => {
  it('says Perch is running once the background answers', async () => {
    render(
      <PopupApp
        store={createPopupStore(fakeBackground({ ping: [running], marketStatus: [simulatorMarket] }))}
      />,
    );

    expect(await screen.findByText(/^Perch is running \(v0\.1\.0\)/)).toHaveProperty(
      'dataset.status',
      'ready',
    );
  });

  it('shows which market Perch trades on, each exchange price, and what is wrong with an exchange', async () => {
    render(
      <PopupApp
        store={createPopupStore(fakeBackground({ ping: [running], marketStatus: [simulatorMarket] }))}
      />,
    );

    const market = await screen.findByRole('region', { name: 'Market' });
    expect(within(market).getByText('Market: local simulator (127.0.0.1:8765)')).toBeDefined();
    expect(within(market).getByText('67,000.10')).toBeDefined();
    expect(within(market).getByText('Bybit rejected GET /v5/market/tickers: 10006')).toBeDefined();
  });

  it('tells the trader when the background does not answer', async () => {
    render(<PopupApp store={createPopupStore(fakeBackground({ ping: [asleep], marketStatus: [asleep] }))} />);

    expect(
      await screen.findByText("Perch's background is not answering: Could not establish connection."),
    ).toBeDefined();
    expect(
      await screen.findByText('Market status unavailable: Could not establish connection.'),
    ).toBeDefined();
  });

  it('asks again when the trader clicks "Check again"', async () => {
    const store = createPopupStore(
      fakeBackground({ ping: [asleep, running], marketStatus: [asleep, simulatorMarket] }),
    );
    render(<PopupApp store={store} />);
    await screen.findByText(/not answering/);

    await act(() => userEvent.click(screen.getByRole('button', { name: 'Check again' })));

    expect(await screen.findByText(/^Perch is running/)).toBeDefined();
    expect(await screen.findByText('67,000.10')).toBeDefined();
  });
});
