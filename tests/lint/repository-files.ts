import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { globPattern } from './doc-references';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Ignored by .gitignore, last matching line wins: `dir/`, `name`, `dir/*`, `!kept`. */
function ignoreRules(): (path: string) => boolean {
  const rules = readFileSync(join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const kept = line.startsWith('!');
      const pattern = line.replace(/^!/, '').replace(/\/$/, '');
      const glob = pattern.includes('/') ? pattern.replace(/^\//, '') : `**/${pattern}`;
      return { kept, matches: globPattern(glob) };
    });
  return (path) => {
    // A path is ignored when it, or a folder above it, is.
    const prefixes = path.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'));
    let ignored = false;
    for (const prefix of prefixes) {
      for (const rule of rules) if (rule.matches.test(prefix)) ignored = !rule.kept;
      if (ignored) return true;
    }
    return false;
  };
}

export const isIgnored = ignoreRules();

/** Every file and folder of the repository (what git would see), relative to the root, with `/`. */
export function repositoryEntries(): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = relative(ROOT, join(dir, entry.name)).split('\\').join('/');
      if (entry.name === '.git' || isIgnored(path)) continue;
      if (entry.isDirectory()) {
        folders.push(path);
        walk(join(dir, entry.name));
      } else files.push(path);
    }
  };
  walk(ROOT);
  return { files, folders };
}
