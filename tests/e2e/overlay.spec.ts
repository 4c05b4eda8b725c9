import { expect } from 'vitest';
import { perchTest as test } from './fixture';
import { ChartPage } from './pages/chart-page';

test('the overlay mounts on a charting page in a shadow root the page cannot open', async ({ perch }) => {
  const tab = await perch.browser.newPage();
  await tab.goto(`${perch.pages.url}/chart.html`);
  const chart = new ChartPage(tab);

  await chart.waitForOverlayText(/Perch .*connected/);

  await expect(chart.overlayAsSeenByPage()).resolves.toEqual({ present: true, shadowRootVisible: false });
  await expect(chart.overlay()).resolves.toMatchObject({ shadowRootType: 'closed' });
});
