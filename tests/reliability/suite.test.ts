import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELIABILITY_SUITE } from './suite';

const ROOT = join(import.meta.dirname, '../..');
const PATTERNS = [...RELIABILITY_SUITE.node, ...RELIABILITY_SUITE.browser];

/** A glob of the suite's kind (`**` for any folders, `*` within a name) as a regular expression. */
function globToRegExp(glob: string): RegExp {
  const pieces = glob
    .split('**/')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'));
  return new RegExp(`^${pieces.join('(.*/)?')}$`);
}

function testFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => join(folder, file))
    .filter((file) => /\.(test|spec)\.tsx?$/.test(file));
}

const inSuite = (file: string) => PATTERNS.some((pattern) => globToRegExp(pattern).test(file));
const files = ['src', 'sim', 'tests', 'scripts'].flatMap(testFiles);

describe('the reliability suite', () => {
  it('finds a file for every pattern it names', () => {
    const unmatched = PATTERNS.filter((pattern) => !files.some((file) => globToRegExp(pattern).test(file)));
    expect(unmatched).toEqual([]);
  });

  it('holds every test that records a row of docs/reliability.md, so a renamed one cannot drop out of it', () => {
    const recording = files.filter((file) =>
      readFileSync(join(ROOT, file), 'utf8').includes('recordScenario('),
    );
    expect(recording.length).toBeGreaterThan(10);
    expect(recording.filter((file) => !inSuite(file))).toEqual([]);
  });
});
