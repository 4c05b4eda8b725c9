import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from '../../scripts/dev-build';
import { perchTest as test } from './fixture';
import { OptionsPage } from './pages/options-page';

test('the options page shows the installed version of Perch', async ({ perch }) => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const options = new OptionsPage(await perch.openOptions());

  await expect(options.shownVersion()).resolves.toBe(version);
});
