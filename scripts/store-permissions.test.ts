import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listingMismatches, parseListing, TABLE_END, TABLE_START, type Manifest } from './store-permissions';

const table = (...rows: string[]) =>
  [
    'Prose above.',
    TABLE_START,
    '| Kind | Asked for | Browsers | Reason |',
    '| --- | --- | --- | --- |',
    ...rows,
    TABLE_END,
  ].join('\n');

const LISTING = table(
  '| permission | `storage` | Chrome, Firefox | Settings and the sealed vault. |',
  '| permission | `offscreen` | Chrome | The chime. |',
  '| host | `https://www.okx.com/*`, `https://api.bybit.com/*` | Chrome, Firefox | The exchanges. |',
  '| page match | `https://www.binance.com/*` | Chrome, Firefox | The overlay. |',
  '| data collection | `none` | Firefox | Nothing collected. |',
);

const chrome: Manifest = {
  permissions: ['storage', 'offscreen'],
  host_permissions: ['https://www.okx.com/*', 'https://api.bybit.com/*'],
  content_scripts: [{ matches: ['https://www.binance.com/*'] }],
};
const firefox: Manifest = {
  permissions: ['storage'],
  host_permissions: ['https://www.okx.com/*', 'https://api.bybit.com/*'],
  content_scripts: [{ matches: ['https://www.binance.com/*'] }],
  browser_specific_settings: { gecko: { data_collection_permissions: { required: ['none'] } } },
};
const rows = parseListing(LISTING);

describe('the store listing against the manifests', () => {
  it('agrees when every entry of each manifest has its row and every row its entry', () => {
    expect(listingMismatches(rows, { chrome, firefox })).toEqual([]);
  });

  it('fails on a permission the manifest asks for that the listing gives no reason for', () => {
    const asking = { ...chrome, permissions: ['storage', 'offscreen', 'tabs'] };

    expect(listingMismatches(rows, { chrome: asking, firefox })).toEqual([
      'chrome: the manifest asks for permission "tabs", which the listing gives no reason for.',
    ]);
  });

  it('fails on a reason for a permission the manifest does not ask for, per browser', () => {
    expect(listingMismatches(rows, { chrome: { ...chrome, permissions: ['storage'] }, firefox })).toEqual([
      'chrome: the listing gives a reason for permission "offscreen", which the manifest does not ask for.',
    ]);
  });

  it('checks hosts, optional hosts, page matches and data collection the same way', () => {
    const changed: Manifest = {
      ...firefox,
      host_permissions: ['https://www.okx.com/*'],
      optional_host_permissions: ['https://*/*'],
      content_scripts: [{ matches: ['https://www.binance.com/*', 'https://tradingview.com/*'] }],
      browser_specific_settings: {
        gecko: { data_collection_permissions: { required: ['technicalAndInteraction'] } },
      },
    };

    expect(listingMismatches(rows, { chrome, firefox: changed })).toEqual([
      'firefox: the listing gives a reason for host "https://api.bybit.com/*", which the manifest does not ask for.',
      'firefox: the manifest asks for optional host "https://*/*", which the listing gives no reason for.',
      'firefox: the manifest asks for page match "https://tradingview.com/*", which the listing gives no reason for.',
      'firefox: the listing gives a reason for data collection "none", which the manifest does not ask for.',
      'firefox: the manifest asks for data collection "technicalAndInteraction", which the listing gives no reason for.',
    ]);
  });

  it('fails on an entry given two rows for one browser', () => {
    const twice = parseListing(
      LISTING.replace(TABLE_END, '| permission | `storage` | Chrome | Again. |\n' + TABLE_END),
    );

    expect(listingMismatches(twice, { chrome, firefox })).toEqual([
      'chrome: permission "storage" has two rows.',
    ]);
  });

  it.each([
    ['an unknown kind', '| right | `storage` | Chrome | Why. |', /no kind of entry/],
    ['no entry in backticks', '| permission | storage | Chrome | Why. |', /names nothing in backticks/],
    ['an unknown browser', '| permission | `storage` | Safari | Why. |', /not a list of Chrome, Firefox/],
    ['no reason', '| permission | `storage` | Chrome |  |', /needs one reason/],
    ['a "|" in the reason', '| permission | `storage` | Chrome | This | that. |', /needs one reason/],
  ])('refuses a row with %s', (_case, row, error) => {
    expect(() => parseListing(table(row))).toThrow(error);
  });

  it("reads the project's own listing: every row has a kind, an entry, a browser and a reason", () => {
    const own = parseListing(readFileSync(join(import.meta.dirname, '../store/permissions.md'), 'utf8'));

    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((row) => row.reason.length < 40)).toEqual([]);
  });
});
