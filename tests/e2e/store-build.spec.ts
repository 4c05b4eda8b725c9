import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDevBuild, ROOT } from '../../scripts/dev-build';
import { BYBIT_ROUTES } from '../../src/exchanges/bybit/endpoints';
import { BYBIT_FUNDS_MOVING_ROUTES } from '../../src/exchanges/bybit/endpoints-funds-moving';
import { OKX_ROUTES } from '../../src/exchanges/okx/endpoints';
import { OKX_FUNDS_MOVING_ROUTES } from '../../src/exchanges/okx/endpoints-funds-moving';
import { launchPerch } from './harness';
import { sendPerchMessage } from './pages/extension-messages';
import { PopupPage } from './pages/popup-page';

interface Manifest {
  version: string;
  permissions?: string[];
  icons?: Record<string, string>;
  host_permissions?: string[];
  optional_host_permissions?: string[];
  content_scripts?: { matches: string[] }[];
  content_security_policy?: { extension_pages?: string };
  minimum_chrome_version?: string;
  browser_specific_settings?: { gecko?: { id?: string } };
}

/** The overlay runs on every chart page a trader opens: it must load fast (docs/overlay.md "Size"). */
const OVERLAY_MAX_GZIP_BYTES = 15 * 1024;

interface LintFinding {
  code: string;
  message: string;
  file?: string;
}

/** web-ext lint on the folder `npm run zip` packed into the Firefox archive, as its JSON report. */
function lintFirefoxBuild(): { errors: LintFinding[]; warnings: LintFinding[] } {
  const sourceDir = join(ROOT, '.output/firefox-mv3');
  const run = spawnSync(
    'npx',
    ['web-ext', 'lint', '--source-dir', sourceDir, '--output', 'json', '--boring'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  if (run.stdout.trim() === '')
    throw new Error(`web-ext lint printed no report: ${run.stderr || String(run.error)}`);
  return JSON.parse(run.stdout) as { errors: LintFinding[]; warnings: LintFinding[] };
}

/**
 * What only a development build may carry (src/contracts/development-paths.ts): the simulator (its environment
 * name, and every word about it: a store build refuses a stored simulator profile by its shape, the schema knows no
 * such environment, so no message needs to name it), loopback addresses, the simulator's demo chart and its admin
 * paths. Each is searched for in every file of the build, ignoring case.
 */
const DEVELOPMENT_ONLY = ['simulator', '127.0.0.1', 'localhost', '/demo/chart', '__sim'] as const;

/**
 * The one file allowed a development-only string: the English word list a new passphrase is checked against holds
 * "simulator" as one of its 55,000 common words. It is data the passphrase rule reads, never code that runs.
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = { 'passphrase-words.json': ['simulator'] };

/** Every file below `dir`, as paths from it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** Each development-only string found in a file of the build at `dir`, as "file: string". */
function developmentOnlyStrings(dir: string): string[] {
  return filesBelow(dir).flatMap((file) => {
    const text = readFileSync(join(dir, file), 'latin1').toLowerCase();
    return DEVELOPMENT_ONLY.filter(
      (forbidden) => text.includes(forbidden) && !(ALLOWED[file] ?? []).includes(forbidden),
    ).map((forbidden) => `${file}: ${forbidden}`);
  });
}

/** Every route that moves funds (withdraw, transfer, convert, borrow...), read from the catalogue's own tables. */
const FUNDS_MOVING_PATHS = [
  ...Object.values(OKX_FUNDS_MOVING_ROUTES),
  ...Object.values(BYBIT_FUNDS_MOVING_ROUTES),
].map((route) => route.path);

const PATH_CHARACTER = /[\w/-]/;

/** Whether `script` holds `path` with no path character after it (`/asset/transfer` is not in `/asset/transfer-state`). */
function holdsPath(script: string, path: string): boolean {
  for (let at = script.indexOf(path); at !== -1; at = script.indexOf(path, at + 1)) {
    if (!PATH_CHARACTER.test(script.charAt(at + path.length))) return true;
  }
  return false;
}

/** Each of `paths` that some script of the build at `dir` carries, as "file: path". */
function pathsInScripts(dir: string, paths: readonly string[]): string[] {
  return filesBelow(dir)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => {
      const script = readFileSync(join(dir, file), 'utf8');
      return paths.filter((path) => holdsPath(script, path)).map((path) => `${file}: ${path}`);
    });
}

const readManifest = (dir: string) =>
  JSON.parse(readFileSync(join(ROOT, '.output', dir, 'manifest.json'), 'utf8')) as Manifest;

describe('the store builds written by npm run zip', () => {
  let version = '';
  beforeAll(() => {
    // As a release is built: vitest's NODE_ENV=test would otherwise reach WXT, which keeps a NODE_ENV it
    // finds and then bundles React's development build.
    execFileSync('npm', ['run', 'zip'], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    ({ version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string });
  }, 120_000);

  it.each(['chrome', 'firefox', 'sources'])('writes the %s archive', (name) => {
    expect(existsSync(join(ROOT, '.output', `perch-${version}-${name}.zip`))).toBe(true);
  });

  it.each(['chrome-mv3', 'firefox-mv3'])('the %s store build cannot reach the local simulator', (dir) => {
    const manifest = readManifest(dir);

    expect(JSON.stringify(manifest)).not.toMatch(/127\.0\.0\.1|localhost/);
    expect(manifest.host_permissions).toContain('https://www.okx.com/*');
    expect(manifest.host_permissions).toContain('https://api.bybit.com/*');
    expect(manifest.content_scripts?.[0]?.matches).toEqual([
      'https://*.tradingview.com/*',
      'https://tradingview.com/*',
      'https://www.binance.com/*',
    ]);
  });

  it.each(['chrome-mv3', 'firefox-mv3'])(
    'no file of the %s store build carries a development-only path: simulator, loopback, demo chart',
    (dir) => {
      expect(developmentOnlyStrings(join(ROOT, '.output', dir))).toEqual([]);
    },
  );

  it('the development build, built from the same code, still carries each of them (the search finds what it seeks)', () => {
    const found = developmentOnlyStrings(ensureDevBuild()).map((finding) => finding.split(': ')[1]);

    expect(new Set(found)).toEqual(new Set(['simulator', '127.0.0.1', '/demo/chart']));
  });

  it.each(['chrome-mv3', 'firefox-mv3'])(
    'no script of the %s store build carries a route that moves funds: the worker holds keys but cannot withdraw',
    (dir) => {
      expect(FUNDS_MOVING_PATHS.length).toBeGreaterThan(100);
      expect(pathsInScripts(join(ROOT, '.output', dir), FUNDS_MOVING_PATHS)).toEqual([]);
    },
  );

  it.each(['chrome-mv3', 'firefox-mv3'])(
    'the %s store build carries the routes Perch trades with (the search finds what it seeks)',
    (dir) => {
      const trading = [OKX_ROUTES.postTradeOrder.path, BYBIT_ROUTES.postOrderCreate.path];

      expect(pathsInScripts(join(ROOT, '.output', dir), trading)).toEqual(
        trading.map((path) => `background.js: ${path}`),
      );
    },
  );

  it('the Chrome build needs Chrome 116 and the Firefox build carries its add-on id', () => {
    expect(readManifest('chrome-mv3').minimum_chrome_version).toBe('116');
    expect(readManifest('firefox-mv3').browser_specific_settings?.gecko?.id).toBe('perch@perch.trade');
  });

  it.each(['chrome-mv3', 'firefox-mv3'])('the %s store build connects only to the exchanges', (dir) => {
    const policy = readManifest(dir).content_security_policy?.extension_pages ?? '';
    const connectSrc = /connect-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];

    expect(connectSrc).toContain('https://www.okx.com');
    expect(connectSrc).toContain('wss://stream.bybit.com');
    const notExchange = connectSrc.filter(
      (source) =>
        source !== "'self'" &&
        !/^(https|wss):\/\/[\w.-]+\.(okx\.com|bybit[\w.-]*|bytick\.com|byhkbit\.com|manepa\.jp)(:\d+)?$/.test(
          source,
        ),
    );
    expect(notExchange).toEqual([]);
  });

  it.each([
    [
      'chrome-mv3',
      ['storage', 'alarms', 'scripting', 'notifications', 'unlimitedStorage', 'offscreen', 'sidePanel'],
    ],
    ['firefox-mv3', ['storage', 'alarms', 'scripting', 'notifications']],
  ])(
    'the %s store build asks only for storage (unevicted in Chrome), the keep-alive alarm, scripting for added sites, notifications and (Chrome) the offscreen chime and the side panel, and has store icons',
    (dir, permissions) => {
      const manifest = readManifest(dir);

      expect(manifest.permissions).toEqual(permissions);
      // Sites the trader adds are asked for one at a time, through the browser's own prompt.
      expect(manifest.optional_host_permissions).toEqual(['https://*/*']);
      expect(manifest.icons?.['128']).toBe('icon/128.png');
      expect(existsSync(join(ROOT, '.output', dir, 'icon/128.png'))).toBe(true);
    },
  );

  it("the Firefox archive's build passes Mozilla's add-on linter (web-ext lint) with no errors", () => {
    const report = lintFirefoxBuild();

    expect(report.errors).toEqual([]);
    // React DOM's own innerHTML assignments (for dangerouslySetInnerHTML, which Perch never uses); any other
    // warning is new and wants a look.
    expect(report.warnings.filter((warning) => warning.code !== 'UNSAFE_VAR_ASSIGNMENT')).toEqual([]);
  });

  it.each(['chrome-mv3', 'firefox-mv3'])('the %s store build carries React built for production', (dir) => {
    const scripts = filesBelow(join(ROOT, '.output', dir))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(ROOT, '.output', dir, file), 'utf8'));

    expect(scripts.some((script) => script.includes('react.transitional.element'))).toBe(true);
    // A function only React's development build defines.
    expect(scripts.some((script) => script.includes('runWithFiberInDEV'))).toBe(false);
  });

  it('the script injected into charting pages carries only the contracts a content script may send', () => {
    const overlay = readFileSync(join(ROOT, '.output/chrome-mv3/content-scripts/overlay.js'), 'utf8');

    expect(overlay).toContain('closePosition');
    expect(overlay).not.toContain('marketStatus');
  });

  it('the script injected into charting pages stays under 15 KB gzip', () => {
    const overlay = readFileSync(join(ROOT, '.output/chrome-mv3/content-scripts/overlay.js'));

    expect(gzipSync(overlay).length).toBeLessThan(OVERLAY_MAX_GZIP_BYTES);
  });

  it('the Chrome store build refuses a market an extension page saved for the simulator, and sends it nothing', async () => {
    const requests: string[] = [];
    const hostile = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.end('{}');
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    const perch = await launchPerch(join(ROOT, '.output/chrome-mv3'));
    try {
      // What any extension page can do: write the trusted store. This is the development build's way to a
      // simulator; the store build's policy refuses it on every read.
      await perch.useSimulator({ url, wsUrl: url.replace('http:', 'ws:') });
      const popup = new PopupPage(await perch.openPopup());

      await expect(popup.marketLabel()).resolves.toEqual({
        words: 'Live exchanges',
        detail: 'OKX and Bybit, live',
      });
      expect(requests).toEqual([]);
    } finally {
      await perch.close();
      hostile.close();
    }
  });

  it('the Chrome store build refuses a simulator profile a content script could have saved, and offers no simulator', async () => {
    const perch = await launchPerch(join(ROOT, '.output/chrome-mv3'));
    try {
      const options = await perch.openOptions();
      // What a content script can do: write storage.local. This is how a development build saves a simulator profile.
      await options.evaluate(
        `chrome.storage.local.set({ connectionProfiles: { okx: { exchange: 'okx', enabled: true, environment: 'simulator' } } })`,
      );
      const send = (name: string, payload: object) => sendPerchMessage(options, name, payload);

      await expect(send('readProfiles', {})).resolves.toEqual({
        ok: true,
        data: {
          profiles: [
            { exchange: 'okx', enabled: true, environment: 'live' },
            { exchange: 'bybit', enabled: true, environment: 'live' },
          ],
          choices: [
            expect.objectContaining({ exchange: 'okx', environments: ['live', 'demo'] }),
            expect.objectContaining({ exchange: 'bybit', environments: ['live', 'testnet', 'demo'] }),
          ],
        },
      });
      await expect(
        send('saveProfile', { profile: { exchange: 'bybit', enabled: true, environment: 'simulator' } }),
      ).resolves.toEqual({
        ok: false,
        error: { name: 'InvalidRequestError', message: '"saveProfile" was sent with invalid data.' },
      });
    } finally {
      await perch.close();
    }
  });
});
