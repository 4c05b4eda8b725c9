/**
 * What a text says about the repository, read out so a test can hold it to the files: the paths it
 * names in backticks, the doc headings it cites (`docs/x.md "Heading"`), and the links of a markdown
 * page. Pure functions of the text; docs-drift.test.ts brings the files.
 */

export interface Mention {
  readonly line: number;
  readonly text: string;
}

export interface HeadingReference {
  readonly line: number;
  /** The doc as written: `docs/protocol.md`, `protocol.md`, `sim/README.md`. */
  readonly doc: string;
  readonly heading: string;
}

export interface RepositoryShape {
  /** The repository's top-level folders: a backticked `folder/…` names a file or folder there. */
  readonly folders: ReadonlySet<string>;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Each fenced code block's lines blanked (kept as lines, so line numbers hold): commands, not prose. */
function withoutFences(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      const fence = /^\s*(```|~~~)/.test(line);
      if (fence) fenced = !fenced;
      return fenced || fence ? '' : line;
    })
    .join('\n');
}

/**
 * A root file named on its own: configuration and top-level docs. Other bare names are modules named by
 * their base name (`badge.ts`) or files of a build (`background.js`).
 */
const ROOT_FILE =
  /^(?:\.[\w-]*(?:ignore|rc)(?:\.json)?|package(?:-lock)?\.json|tsconfig(?:\.\w+)?\.json|[\w-]+\.config\.[cm]?[jt]s|[A-Z]+\.md)$/;
/** A placeholder segment (`src/X`), or an exchange route that looks like a path under public/ (`public/time`). */
const NOT_A_FILE = /(?:^|\/)[A-Z](?:\/|$)|^public\/[a-z-]+$/;
/** `path:12`, `path:12-20`, `path#L12`: the path part. */
const LOCATION = /(?::\d+(?:-\d+)?|#L\d+(?:-L?\d+)?)$/;

/**
 * The repository paths a markdown text names in backticks: `src/x.ts`, `tests/reliability/`, a glob
 * such as `tests/reliability/sockets-*.test.ts`, or a root file such as `package.json`. A bare module
 * name (`badge.ts`) or a path inside a folder the text already named (`okx/streams.ts`) is not one.
 */
export function backtickedPaths(markdown: string, repository: RepositoryShape): Mention[] {
  const prose = withoutFences(markdown);
  const mentions: Mention[] = [];
  // A code span may wrap onto the next line; pairing across lines keeps the next span's backticks right.
  for (const match of prose.matchAll(/`([^`]+)`/g)) {
    const path = match[1]!.trim().replace(LOCATION, '');
    if (/[\s{}|<>$]/.test(path) || path.includes('://') || path.startsWith('/') || NOT_A_FILE.test(path))
      continue;
    const folder = path.split('/')[0]!;
    const named = path.includes('/') ? repository.folders.has(folder) : ROOT_FILE.test(path);
    if (named) mentions.push({ line: lineAt(prose, match.index), text: path.replace(/\/$/, '') });
  }
  return mentions;
}

/** A heading as cited: its text without code marks. */
export const plainHeading = (heading: string) => heading.replaceAll('`', '').trim();

/** Every heading of a markdown page, in plain text, outside code blocks. */
export function headingsOf(markdown: string): string[] {
  return [...withoutFences(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*$/gm)].map((match) =>
    plainHeading(match[1]!),
  );
}

/** Whether `cited` names `heading`: the whole text, or the text before a trailing `(...)` aside. */
export function citesHeading(cited: string, heading: string): boolean {
  return cited === heading || cited === heading.replace(/\s*\([^()]*\)$/, '');
}

/** A comment's line break inside a citation (`\n * `, `\n // `): one space. */
const COMMENT_BREAK = /\s*\n\s*(?:\*(?!\/)|\/\/|#)?\s*/g;
const QUOTED = String.raw`"[^"]{1,100}"`;
const LIST_SEPARATOR = String.raw`\s*(?:,|/|\band\b|\bor\b)\s*`;
const DOC = String.raw`(?:\[([\w./-]+\.md)\]\([\w./-]+\.md\)|\b([\w./-]*[\w-]\.md))`;
/** `docs/x.md "A"`, `[x.md](x.md) "A"`, `docs/x.md "A", "B" and "C"`. */
const DOC_THEN_HEADINGS = new RegExp(
  String.raw`${DOC}[ \t]*(?:\n\s*(?:\*(?!\/)|\/\/)?\s*)?((?:${QUOTED})(?:${LIST_SEPARATOR}${QUOTED})*)`,
  'g',
);
/** `"A" in docs/x.md`, `"A" in [x.md](x.md)`. */
const HEADING_IN_DOC = new RegExp(String.raw`(${QUOTED})\s+in\s+(?:the\s+)?${DOC}`, 'g');

function quotedHeadings(list: string): string[] {
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1]!.replace(COMMENT_BREAK, ' ').trim());
}

/** Every doc heading a text cites by name, in either house form. */
export function headingReferences(text: string): HeadingReference[] {
  const references: HeadingReference[] = [];
  const add = (index: number, doc: string, list: string) => {
    for (const heading of quotedHeadings(list)) references.push({ line: lineAt(text, index), doc, heading });
  };
  for (const match of text.matchAll(DOC_THEN_HEADINGS)) add(match.index, (match[1] ?? match[2])!, match[3]!);
  for (const match of text.matchAll(HEADING_IN_DOC)) add(match.index, (match[2] ?? match[3])!, match[1]!);
  return references.sort((a, b) => a.line - b.line);
}

/** The targets of a markdown page's relative links, `[text](target)`: `other.md`, `#anchor`, `x.md#anchor`. */
export function relativeLinks(markdown: string): Mention[] {
  const prose = withoutFences(markdown).replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
  return [...prose.matchAll(/\]\(([^()\s]+)\)/g)]
    .filter((match) => !/^[a-z][\w+.-]*:/i.test(match[1]!))
    .map((match) => ({ line: lineAt(prose, match.index), text: match[1]! }));
}

/** The anchors a markdown renderer gives a page's headings (GitHub's rule: lower case, no punctuation). */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const heading of headingsOf(markdown)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replaceAll(' ', '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** A glob of `*` (within a folder) and `**` (across folders) as a whole-path pattern. */
export function globPattern(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) => {
      if (part === '**/' || part === '**') return '(?:.*/)?';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}
