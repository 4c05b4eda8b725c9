import { expect, vi } from 'vitest';
import { BoundaryRecorder, type AuditEntry } from './audit/boundary-recorder';
import { findSecrets } from './audit/secret-forms';
import { perchTest as test } from './fixture';
import { recordScenario } from '../reliability/scenario';
import { ChartPage } from './pages/chart-page';
import { dumpStorage } from './pages/extension-messages';
import { PopupPage } from './pages/popup-page';
import { sessionSecrets, startSessionOnSimulator, VAULT_PASSPHRASE } from './perch-session';
import { openLong, simPositions } from './sim-account';

const WAIT = { timeout: 20_000, interval: 200 };
const TRADINGVIEW_CHART = 'https://www.tradingview.com/chart/?symbol=BYBIT:BTCUSDT.P';
/**
 * The requests by which a trader hands a secret to the worker: the only places it may travel in clear.
 * runtime.sendMessage also delivers them to every other open extension page with an onMessage
 * listener: no Perch page has one, but the recorder's own listener hears them, as the same input.
 */
const SECRET_INPUTS = new Set(['vaultSetUp', 'vaultUnlock', 'vaultSaveCredentials']);

/** The Perch message an entry carries, by name: a page's request, or the same request as another page hears it. */
function messageName(entry: AuditEntry): string {
  if (entry.kind !== 'sendMessage request' && entry.kind !== 'onMessage') return '';
  const parsed = JSON.parse(entry.data) as unknown;
  const message = (Array.isArray(parsed) ? parsed[0] : parsed) as { name?: unknown } | null | undefined;
  return typeof message?.name === 'string' ? message.name : '';
}
const isSecretInput = (entry: AuditEntry) => SECRET_INPUTS.has(messageName(entry));
const describeEntry = (entry: AuditEntry, index: number) => `#${index} ${entry.kind} (${entry.context})`;

test('the audit finds a secret hidden in base64, hex or URI form inside a longer text', () => {
  const secret = 'Secret+/Key 42';
  for (const prefix of ['', 'a', 'ab'])
    expect(findSecrets([secret], { b64: Buffer.from(`${prefix}${secret}!`).toString('base64') })).not.toEqual(
      [],
    );
  expect(findSecrets([secret], { hex: Buffer.from(`{${secret}}`).toString('hex') })).not.toEqual([]);
  expect(findSecrets([secret], { uri: `k=${encodeURIComponent(secret)}&x` })).not.toEqual([]);
  expect(findSecrets([secret], { masked: 'Secr…y 42' })).toEqual([]);
});

test('no secret crosses a context boundary, reaches a console or lands in storage in clear or encoded, through a whole session', async ({
  perch,
  simulator,
  task,
}) => {
  const recorder = new BoundaryRecorder(perch.browser);
  const openRecorded = async (file: string) => {
    const page = await recorder.recorded(await perch.browser.newPage());
    await page.goto(`chrome-extension://${perch.extensionId}/${file}`);
    return page;
  };
  const { options, send } = await startSessionOnSimulator(
    { ...perch, openOptions: () => openRecorded('options.html') },
    simulator,
  );

  // The real toolbar popup opens before anyone can hook it: reload it with the recorder in place.
  const popup = await PopupPage.openFromToolbar(perch);
  await recorder.recorded(popup.page);
  await popup.page.reload();
  await openLong(simulator, 'okx', 'net');
  await popup.positions(1);
  await expect(popup.close('okx', 'BTC-USDT-SWAP')).resolves.toMatch(/^Close of the BTC-USDT-SWAP/);
  await vi.waitFor(async () => {
    expect(await simPositions(simulator, 'okx')).toEqual([]);
  }, WAIT);

  await expect(send('testConnection', { exchange: 'okx' })).resolves.toMatchObject({ ok: true });
  await expect(send('testConnection', { exchange: 'bybit' })).resolves.toMatchObject({ ok: true });
  await expect(send('vaultLock', {})).resolves.toMatchObject({ ok: true });
  await expect(send('vaultUnlock', { passphrase: VAULT_PASSPHRASE })).resolves.toMatchObject({ ok: true });
  await recorder.releaseWorkers();
  await perch.stopWorker();
  // A message wakes a new worker, which reads its state back from storage.
  await expect(send('vaultStatus', {})).resolves.toMatchObject({ ok: true });
  // The new worker's console is heard too: a line it writes reaches the audit.
  await (await perch.worker()).evaluate('console.info("perch audit: worker console heard")');
  await vi.waitFor(() => {
    expect(recorder.entries.map((entry) => entry.data).join('\n')).toContain('worker console heard');
  }, WAIT);

  await openLong(simulator, 'bybit', 'net');
  const chart = await ChartPage.open(perch.browser, TRADINGVIEW_CHART, 'tradingview-chart.html', (page) =>
    recorder.recorded(page),
  );
  const shown = await chart.waitForBadge((badge) => badge.lines[0]?.positions.length === 1);
  // The overlay's port is opened before anyone can reach its world: record the one it opens again
  // after a worker restart, and wait for a price that could only come over it.
  const readContentScript = await recorder.recordContentScript(chart.page, perch.extensionId);
  await recorder.releaseWorkers();
  await perch.stopWorker();
  await chart.waitForBadge((badge) => badge.notice === '' && badge.lines[0]?.price !== shown.lines[0]?.price);
  await readContentScript();

  const storage = await dumpStorage(options);
  await recorder.settled();
  const entries = [...recorder.entries];
  const secrets = sessionSecrets(simulator);

  // The recorder saw the secrets where they must travel: proof it watches the boundary it audits.
  const inputs = entries.filter(isSecretInput);
  expect(
    inputs
      .filter((entry) => entry.kind === 'sendMessage request')
      .map(messageName)
      .sort(),
  ).toEqual(['vaultSaveCredentials', 'vaultSaveCredentials', 'vaultSetUp', 'vaultUnlock']);
  expect(
    findSecrets(secrets, Object.fromEntries(inputs.map((e, i) => [describeEntry(e, i), e.data]))),
  ).not.toEqual([]);
  const audited = entries.filter((entry) => !isSecretInput(entry));
  const counts = {
    storageKeys:
      Object.keys(storage.trusted).length +
      Object.keys(storage.local).length +
      Object.keys(storage.session).length +
      Object.keys(storage.sync).length,
    messages: audited.filter((entry) => entry.kind !== 'console').length,
    consoleLines: audited.filter((entry) => entry.kind === 'console').length,
    workerConsoleLines: audited.filter(
      (entry) => entry.kind === 'console' && entry.context.startsWith('worker'),
    ).length,
    chartPageEntries: audited.filter((entry) => entry.context.startsWith('www.tradingview.com')).length,
    overlayPortEntries: audited.filter((entry) => entry.context.startsWith('content script')).length,
  };
  console.info('secrets audit collected', JSON.stringify(counts));
  expect(counts.messages).toBeGreaterThan(0);
  const overlayKinds = new Set(
    entries.filter((entry) => entry.context.startsWith('content script')).map((entry) => entry.kind),
  );
  expect([...overlayKinds]).toEqual(expect.arrayContaining(['connect', expect.stringMatching(/^port in /)]));

  expect(
    findSecrets(secrets, {
      'trusted store': JSON.stringify(storage.trusted),
      'storage.local': JSON.stringify(storage.local),
      'storage.session': JSON.stringify(storage.session),
      'storage.sync': JSON.stringify(storage.sync),
      ...Object.fromEntries(audited.map((entry, index) => [describeEntry(entry, index), entry.data])),
    }),
  ).toEqual([]);
  recordScenario(task, {
    section: 'Secrets audit',
    scenario:
      'a full session: vault, both keys saved, popup close, test connection, lock, unlock, 2 worker restarts, a chart overlay',
    injected: `${String(secrets.length)} secrets (both API keys and secrets, the OKX passphrase, the vault passphrase) searched in 12 forms each (clear, URI, form, JSON-escaped, hex both cases, base64 and base64url in 3 alignments)`,
    times: `${String(counts.storageKeys)} storage keys, ${String(counts.messages)} cross-context messages (${String(counts.overlayPortEntries)} on the overlay's port), ${String(counts.consoleLines)} console lines`,
    result:
      'no secret found anywhere; the 4 requests that hand a secret to the worker were seen carrying it (the recorder watches the boundary) and are the only exception',
  });
});
