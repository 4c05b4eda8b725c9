/**
 * The store listing's permission table (store/permissions.md) against the manifests a build wrote: each
 * browser's manifest and the rows for that browser must name exactly the same entries, both ways.
 */

export const BROWSERS = ['chrome', 'firefox'] as const;
export type Browser = (typeof BROWSERS)[number];

/** What a row may name, each read from its own place in the manifest. */
export const KINDS = [
  'permission',
  'host',
  'optional host',
  'optional permission',
  'page match',
  'data collection',
] as const;
export type Kind = (typeof KINDS)[number];

export interface Manifest {
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  content_scripts?: { matches?: string[] }[];
  browser_specific_settings?: {
    gecko?: { data_collection_permissions?: { required?: string[]; optional?: string[] } };
  };
}

export interface ListingRow {
  readonly kind: Kind;
  readonly entries: readonly string[];
  readonly browsers: readonly Browser[];
  readonly reason: string;
}

export const TABLE_START = '<!-- permissions:start -->';
export const TABLE_END = '<!-- permissions:end -->';

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

const isKind = (value: string): value is Kind => (KINDS as readonly string[]).includes(value);
const isBrowser = (value: string): value is Browser => (BROWSERS as readonly string[]).includes(value);

/**
 * The rows between the table's markers: kind, the entries in backticks, the browsers, the reason. A row
 * that cannot be read is an error naming it, never skipped.
 */
export function parseListing(markdown: string): ListingRow[] {
  const from = markdown.indexOf(TABLE_START);
  const to = markdown.indexOf(TABLE_END);
  if (from === -1 || to < from)
    throw new Error(`The listing has no table between ${TABLE_START} and ${TABLE_END}.`);
  const lines = markdown
    .slice(from + TABLE_START.length, to)
    .split('\n')
    .filter((line) => line.trim().startsWith('|'));
  // The header and the line under it.
  return lines.slice(2).map((line) => {
    const [kind = '', named = '', browsers = '', reason = '', ...extra] = cellsOf(line);
    const entries = [...named.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
    const browserList = browsers.split(',').map((browser) => browser.trim().toLowerCase());
    if (!isKind(kind)) throw new Error(`"${kind}" is no kind of entry (${KINDS.join(', ')}): ${line.trim()}`);
    if (entries.length === 0) throw new Error(`A row names nothing in backticks: ${line.trim()}`);
    if (!browserList.every(isBrowser))
      throw new Error(`"${browsers}" is not a list of Chrome, Firefox: ${line.trim()}`);
    if (reason === '' || extra.length > 0)
      throw new Error(`A row needs one reason, with no "|" in it: ${line.trim()}`);
    return { kind, entries, browsers: browserList, reason };
  });
}

/** What `kind` names in a manifest. */
export function manifestEntries(manifest: Manifest, kind: Kind): string[] {
  const dataCollection = manifest.browser_specific_settings?.gecko?.data_collection_permissions;
  const entries: Record<Kind, readonly string[] | undefined> = {
    permission: manifest.permissions,
    'optional permission': manifest.optional_permissions,
    host: manifest.host_permissions,
    'optional host': manifest.optional_host_permissions,
    'page match': manifest.content_scripts?.flatMap((script) => script.matches ?? []),
    'data collection': dataCollection && [
      ...(dataCollection.required ?? []),
      ...(dataCollection.optional ?? []),
    ],
  };
  return [...new Set(entries[kind] ?? [])];
}

/**
 * Every disagreement between the listing and the manifests, in words; none when they match exactly. A
 * manifest entry with no row for its browser, a row naming what that browser's manifest does not ask
 * for, and an entry named twice for one browser each fail.
 */
export function listingMismatches(
  rows: readonly ListingRow[],
  manifests: Readonly<Record<Browser, Manifest>>,
): string[] {
  const problems: string[] = [];
  for (const browser of BROWSERS)
    for (const kind of KINDS) {
      const listed = rows
        .filter((row) => row.kind === kind && row.browsers.includes(browser))
        .flatMap((row) => row.entries);
      const asked = manifestEntries(manifests[browser], kind);
      const seen = new Set<string>();
      for (const entry of listed) {
        if (seen.has(entry)) problems.push(`${browser}: ${kind} "${entry}" has two rows.`);
        seen.add(entry);
        if (!asked.includes(entry))
          problems.push(
            `${browser}: the listing gives a reason for ${kind} "${entry}", which the manifest does not ask for.`,
          );
      }
      for (const entry of asked)
        if (!seen.has(entry))
          problems.push(
            `${browser}: the manifest asks for ${kind} "${entry}", which the listing gives no reason for.`,
          );
    }
  return problems;
}
