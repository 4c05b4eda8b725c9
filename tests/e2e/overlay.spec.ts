import { expect } from 'vitest';
import { perchTest as test } from './fixture';
import { ChartPage } from './pages/chart-page';

test('the overlay mounts on a charting page in a shadow root the page cannot open', async ({
  perch,
  simulator,
}) => {
  await perch.useSimulator(simulator);
  const tab = await perch.browser.newPage();
  await tab.goto(`${perch.pages.url}/chart.html`);
  const chart = new ChartPage(tab);

  await chart.waitForOverlayText(/Perch · OKX [\d,]+\.\d{2,} · Bybit [\d,]+\.\d{2,}$/);

  await expect(chart.overlayAsSeenByPage()).resolves.toEqual({ present: true, shadowRootVisible: false });
  await expect(chart.overlay()).resolves.toMatchObject({ shadowRootType: 'closed' });
});

test('the overlay says no exchange answers when none does', async ({ perch, simulator }) => {
  await perch.useSimulator(simulator);
  await simulator.stop();
  const tab = await perch.browser.newPage();
  await tab.goto(`${perch.pages.url}/chart.html`);

  await new ChartPage(tab).waitForOverlayText(/Perch: no exchange answers$/);
});
