import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/dev-build';
import { launchPerch } from './harness';
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

const readManifest = (dir: string) =>
  JSON.parse(readFileSync(join(ROOT, '.output', dir, 'manifest.json'), 'utf8')) as Manifest;

describe('the store builds written by npm run zip', () => {
  let version = '';
  beforeAll(() => {
    execFileSync('npm', ['run', 'zip'], { cwd: ROOT, stdio: 'ignore' });
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

  it.each(['chrome-mv3', 'firefox-mv3'])(
    'the %s store build asks only for storage, the keep-alive alarm and scripting for added sites, and has store icons',
    (dir) => {
      const manifest = readManifest(dir);

      expect(manifest.permissions).toEqual(['storage', 'alarms', 'scripting']);
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

      await expect(popup.marketLabel()).resolves.toBe('Market: live exchanges');
      expect(requests).toEqual([]);
    } finally {
      await perch.close();
      hostile.close();
    }
  });
});
