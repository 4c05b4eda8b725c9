import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageClient } from '../platform/message-client';
import { PopupApp } from './PopupApp';
import { createPopupStore } from './store';

afterEach(cleanup);

function clientAnswering(...answers: (() => Promise<unknown>)[]): MessageClient {
  let call = 0;
  return {
    send: () => {
      const next = answers[Math.min(call++, answers.length - 1)];
      if (next === undefined) throw new Error('no answer configured');
      return next() as never;
    },
  };
}

const running = () =>
  Promise.resolve({ version: '0.1.0', workerStartedAt: Date.UTC(2026, 0, 1), answeredAt: 0 });

describe('PopupApp', () => {
  it('says Perch is running once the background answers', async () => {
    render(<PopupApp store={createPopupStore(clientAnswering(running))} />);

    expect(await screen.findByText(/^Perch is running \(v0\.1\.0\)/)).toHaveProperty(
      'dataset.status',
      'ready',
    );
  });

  it('tells the trader when the background does not answer', async () => {
    const store = createPopupStore(
      clientAnswering(() => Promise.reject(new Error('Could not establish connection.'))),
    );
    render(<PopupApp store={store} />);

    expect(
      await screen.findByText("Perch's background is not answering: Could not establish connection."),
    ).toBeDefined();
  });

  it('asks again when the trader clicks "Check again"', async () => {
    const store = createPopupStore(clientAnswering(() => Promise.reject(new Error('asleep')), running));
    render(<PopupApp store={store} />);
    await screen.findByText(/not answering/);

    await act(() => userEvent.click(screen.getByRole('button', { name: 'Check again' })));

    expect(await screen.findByText(/^Perch is running/)).toBeDefined();
  });
});
