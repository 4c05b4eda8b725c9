// Checks that the store listing's permission reasons (store/permissions.md) and the manifests of the
// store builds agree exactly (npm run zip runs it after packing both archives).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './dev-build';
import { BROWSERS, listingMismatches, parseListing, type Browser, type Manifest } from './store-permissions';

const readManifest = (browser: Browser) =>
  JSON.parse(readFileSync(join(ROOT, `.output/${browser}-mv3/manifest.json`), 'utf8')) as Manifest;

const rows = parseListing(readFileSync(join(ROOT, 'store/permissions.md'), 'utf8'));
const problems = listingMismatches(rows, {
  chrome: readManifest('chrome'),
  firefox: readManifest('firefox'),
});
if (problems.length > 0) {
  console.error(`store/permissions.md and the built manifests disagree:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `store/permissions.md gives a reason for every entry of the ${BROWSERS.join(' and ')} manifests, and for nothing else.`,
);
