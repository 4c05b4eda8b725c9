/** A file of a build and its text, as `bundleFiles` reads it. */
export type ReadBuildFile = (path: string) => string;

const HTML_REFERENCE = /(?:src|href)="\/([^"]+)"/g;
/** A static import, or a dynamic one (the popup's first script loads the app by `import(\`./…\`)`). */
const JS_IMPORT = /(?:from|import)\s*\(?\s*["`]\.\/([^"`]+)["`]/g;
/** What a dynamic import preloads with it (its chunks and styles), listed from the build's root. */
const PRELOADED = /"((?:chunks|assets)\/[^"]+)"/g;

/** Where `reference` (relative to `file`'s folder) points, as a path from the build's root. */
function resolveFrom(file: string, reference: string): string {
  const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  return `${folder}${reference}`;
}

/**
 * Every file an entry of the build loads: the entry, what its HTML names (scripts, preloads, styles) and
 * every chunk its scripts import, followed to the end. Paths are from the build's root.
 */
export function bundleFiles(entry: string, read: ReadBuildFile): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    const text = read(file);
    if (file.endsWith('.html')) for (const match of text.matchAll(HTML_REFERENCE)) visit(match[1] ?? '');
    if (file.endsWith('.js')) {
      for (const match of text.matchAll(JS_IMPORT)) visit(resolveFrom(file, match[1] ?? ''));
      for (const match of text.matchAll(PRELOADED)) visit(match[1] ?? '');
    }
  };
  visit(entry);
  return [...found];
}
