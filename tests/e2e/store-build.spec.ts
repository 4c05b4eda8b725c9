import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/dev-build';

interface Manifest {
  version: string;
  host_permissions?: string[];
  content_scripts?: { matches: string[] }[];
  content_security_policy?: unknown;
  minimum_chrome_version?: string;
  browser_specific_settings?: { gecko?: { id?: string } };
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
    expect(manifest.host_permissions).toContain('https://*.okx.com/*');
    expect(manifest.content_scripts?.[0]?.matches).toEqual(['https://www.tradingview.com/*']);
  });

  it('the Chrome build needs Chrome 116 and the Firefox build carries its add-on id', () => {
    expect(readManifest('chrome-mv3').minimum_chrome_version).toBe('116');
    expect(readManifest('firefox-mv3').browser_specific_settings?.gecko?.id).toBe('perch@perch.trade');
  });
});
