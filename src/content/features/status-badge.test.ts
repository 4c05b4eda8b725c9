// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { contentContracts } from '../../contracts/content';
import { createMessageClient, type SendRaw } from '../../platform/message-client';
import { showStatusBadge } from './status-badge';

const OKX = { exchange: 'okx', symbol: 'BTC-USDT-SWAP' } as const;
const BYBIT = { exchange: 'bybit', symbol: 'BTCUSDT' } as const;

async function badgeText(sendRaw: SendRaw): Promise<string | null> {
  const root = document.createElement('div').attachShadow({ mode: 'closed' });
  await showStatusBadge(root, createMessageClient(contentContracts, sendRaw));
  return root.querySelector('[role="status"]')?.textContent ?? null;
}

const answering =
  (...exchanges: object[]): SendRaw =>
  () =>
    Promise.resolve({ ok: true, data: { exchanges } });

describe('the overlay status badge', () => {
  it('shows both exchanges prices the same way', async () => {
    await expect(
      badgeText(answering({ ...OKX, lastPrice: '67000.1' }, { ...BYBIT, lastPrice: '67001.20' })),
    ).resolves.toBe('Perch · OKX 67,000.10 · Bybit 67,001.20');
  });

  it('names the exchange that does not answer', async () => {
    await expect(badgeText(answering({ ...OKX, lastPrice: '67000.1' }, BYBIT))).resolves.toBe(
      'Perch · OKX 67,000.10 · Bybit not answering',
    );
  });

  it('does not claim a connection when no exchange answers', async () => {
    await expect(badgeText(answering(OKX, BYBIT))).resolves.toBe('Perch: no exchange answers');
  });

  it('says Perch is not connected when its background does not answer', async () => {
    await expect(badgeText(() => Promise.resolve(undefined))).resolves.toBe('Perch: not connected');
  });
});
