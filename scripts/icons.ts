// Renders scripts/icon.svg into the PNG icons WXT puts in the manifest (public/icon/<size>.png), in the
// same Chromium the tests use. Run after changing the SVG: node --import tsx scripts/icons.ts
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { chromiumPath } from './browser-paths';
import { ROOT } from './dev-build';

/** Chrome's toolbar (16, 32), extensions page (48) and the stores (128 px, required). */
const SIZES = [16, 32, 48, 128];

const svg = await readFile(join(ROOT, 'scripts/icon.svg'), 'utf8');
const browser = await puppeteer.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const size of SIZES) {
    await page.setViewport({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    await writeFile(join(ROOT, 'public/icon', `${size}.png`), png);
    console.log(`public/icon/${size}.png`);
  }
} finally {
  await browser.close();
}
