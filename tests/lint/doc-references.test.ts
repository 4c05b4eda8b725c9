import { describe, expect, it } from 'vitest';
import {
  anchorsOf,
  backtickedPaths,
  citesHeading,
  globPattern,
  headingReferences,
  headingsOf,
  relativeLinks,
} from './doc-references';

const repository = { folders: new Set(['src', 'tests', 'public', '.ci']) };

describe('backtickedPaths', () => {
  it('reads repository paths, globs and root files, with their lines', () => {
    const page = [
      'The worker starts in `src/background/index.ts:12` and `src/platform/`; see',
      '`tests/reliability/sockets-*.test.ts`, `package.json`, `eslint.config.js` and `.ci/run`.',
    ].join('\n');
    expect(backtickedPaths(page, repository)).toEqual([
      { line: 1, text: 'src/background/index.ts' },
      { line: 1, text: 'src/platform' },
      { line: 2, text: 'tests/reliability/sockets-*.test.ts' },
      { line: 2, text: 'package.json' },
      { line: 2, text: 'eslint.config.js' },
      { line: 2, text: '.ci/run' },
    ]);
  });

  it('leaves out module names, build files, routes, placeholders, commands and code blocks', () => {
    const page = [
      '`badge.ts`, `okx/streams.ts`, `background.js`, `public/time`, `src/X`, `npm run check`',
      '```',
      'src/not-a-mention.ts',
      '`src/inside-a-fence.ts`',
      '```',
      'a code span that wraps: `apt-get install -y',
      'chromium`, then `src/after-the-wrap.ts`',
    ].join('\n');
    expect(backtickedPaths(page, repository)).toEqual([{ line: 7, text: 'src/after-the-wrap.ts' }]);
  });
});

describe('headingReferences', () => {
  it('reads both house forms, lists of headings and citations broken over comment lines', () => {
    const code = [
      '// Budgets per docs/protocol.md "Rate limits" and "OKX sockets"/"Bybit sockets".',
      '/** As in [overlay.md](overlay.md) "Size"; see "What a page may learn" in [architecture.md](architecture.md).',
      ' * The rules (docs/architecture.md "Exchange connectivity',
      ' * rules") hold. */',
    ].join('\n');
    expect(headingReferences(code)).toEqual([
      { line: 1, doc: 'docs/protocol.md', heading: 'Rate limits' },
      { line: 1, doc: 'docs/protocol.md', heading: 'OKX sockets' },
      { line: 1, doc: 'docs/protocol.md', heading: 'Bybit sockets' },
      { line: 2, doc: 'overlay.md', heading: 'Size' },
      { line: 2, doc: 'architecture.md', heading: 'What a page may learn' },
      { line: 3, doc: 'docs/architecture.md', heading: 'Exchange connectivity rules' },
    ]);
  });
});

describe('headings', () => {
  const page = [
    '# Title',
    '## Closing a position (`trading/`)',
    '```sh',
    '# a shell comment',
    '```',
    '### OKX demo `?brokerId=9999`',
    '### OKX',
    '### OKX',
  ].join('\n');

  it('are read without code marks, outside code blocks', () => {
    expect(headingsOf(page)).toEqual([
      'Title',
      'Closing a position (trading/)',
      'OKX demo ?brokerId=9999',
      'OKX',
      'OKX',
    ]);
  });

  it('are cited by their whole text or without a trailing aside', () => {
    expect(citesHeading('Closing a position', 'Closing a position (trading/)')).toBe(true);
    expect(citesHeading('Closing a position (trading/)', 'Closing a position (trading/)')).toBe(true);
    expect(citesHeading('Closing', 'Closing a position (trading/)')).toBe(false);
  });

  it('give the anchors a renderer gives them, repeats numbered', () => {
    expect([...anchorsOf(page)]).toEqual([
      'title',
      'closing-a-position-trading',
      'okx-demo-brokerid9999',
      'okx',
      'okx-1',
    ]);
  });
});

describe('relativeLinks', () => {
  it('reads links within the repository, not web addresses or code', () => {
    const page =
      'See [storage](storage.md), [a rule](#okx-rate-limits), [OKX](https://www.okx.com) and `[x](y.md)`.';
    expect(relativeLinks(page)).toEqual([
      { line: 1, text: 'storage.md' },
      { line: 1, text: '#okx-rate-limits' },
    ]);
  });
});

describe('globPattern', () => {
  it('matches within one folder for *, across folders for **', () => {
    expect(
      globPattern('tests/reliability/sockets-*.test.ts').test('tests/reliability/sockets-okx.test.ts'),
    ).toBe(true);
    expect(globPattern('tests/*.ts').test('tests/reliability/a.ts')).toBe(false);
    expect(globPattern('src/**/*.test.ts').test('src/a/b/c.test.ts')).toBe(true);
  });
});
