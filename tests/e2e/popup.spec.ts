import { expect } from 'vitest';
import { perchTest as test } from './fixture';
import { PopupPage } from './pages/popup-page';

test('the popup shows that the background is running', async ({ perch }) => {
  const popup = new PopupPage(await perch.openPopup());

  const { status, text } = await popup.backgroundStatus();

  expect(status).toBe('ready');
  expect(text).toMatch(/^Perch is running \(v\d+\.\d+\.\d+\)/);
});

test('a message from the popup wakes a stopped service worker', async ({ perch }) => {
  const popup = new PopupPage(await perch.openPopup());
  const before = await popup.backgroundStatus();

  await perch.stopWorker();
  await popup.checkAgain();
  const after = await popup.backgroundStatus();

  expect(after.status).toBe('ready');
  expect(after.workerStartedAt).toBeGreaterThan(before.workerStartedAt ?? Infinity);
  await expect(perch.worker()).resolves.toBeDefined();
});
