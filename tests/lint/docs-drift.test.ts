import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
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
import { isIgnored, repositoryEntries, ROOT } from './repository-files';

// The docs name files, headings and links; each must still be there, so renaming one without its
// mentions fails here, with every stale mention listed.
const { files, folders } = repositoryEntries();
const entries = new Set([...files, ...folders]);
const topFolders = new Set(folders.filter((folder) => !folder.includes('/')));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const DOCS = ['README.md', ...files.filter((file) => /^docs\/[^/]+\.md$/.test(file))];
/** Where code and docs cite doc headings: sources, docs, configuration, CI (not the citation reader's samples). */
const CITING = files.filter(
  (file) =>
    (/\.(?:ts|tsx|js|md|html|css)$/.test(file) || file.startsWith('.ci/')) &&
    !file.startsWith('tests/lint/doc-references'),
);

/** `path` as the repository resolves it from `from`: a path from the root, or one relative to the page. */
function resolveFrom(from: string, path: string): string {
  if (topFolders.has(path.split('/')[0]!) || existsSync(join(ROOT, path))) return path;
  return normalize(join(dirname(from), path))
    .split('\\')
    .join('/');
}

function exists(path: string): boolean {
  if (!/[*?]/.test(path)) return entries.has(path);
  const pattern = globPattern(path);
  return [...entries].some((entry) => pattern.test(entry));
}

describe('the docs match the repository', () => {
  it('names only paths that exist (a glob matches at least one)', () => {
    const shape = { folders: topFolders };
    const missing = DOCS.flatMap((doc) =>
      backtickedPaths(read(doc), shape)
        .filter(({ text }) => !isIgnored(text) && !exists(text))
        .map(({ line, text }) => `${doc}:${line} ${text}`),
    );
    expect(missing).toEqual([]);
  });

  it('cites only headings that exist, each naming one heading', () => {
    const headings = new Map<string, string[]>();
    const headingsIn = (doc: string) => {
      if (!headings.has(doc)) headings.set(doc, entries.has(doc) ? headingsOf(read(doc)) : []);
      return headings.get(doc)!;
    };
    const stale = CITING.flatMap((file) =>
      headingReferences(read(file))
        .filter(({ doc, heading }) => {
          const named = headingsIn(resolveFrom(file, doc)).filter((name) => citesHeading(heading, name));
          return named.length !== 1;
        })
        .map(({ line, doc, heading }) => `${file}:${line} ${doc} "${heading}"`),
    );
    expect(stale).toEqual([]);
  });

  it('links only to pages and headings that exist', () => {
    const markdown = files.filter((file) => file.endsWith('.md'));
    const broken = markdown.flatMap((page) =>
      relativeLinks(read(page))
        .filter(({ text }) => {
          const [path = '', anchor] = text.split('#');
          const target = path === '' ? page : resolveFrom(page, path);
          if (!entries.has(target)) return true;
          return anchor !== undefined && !anchorsOf(read(target)).has(anchor);
        })
        .map(({ line, text }) => `${page}:${line} ${text}`),
    );
    expect(broken).toEqual([]);
  });
});
