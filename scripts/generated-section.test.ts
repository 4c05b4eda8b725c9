import { describe, expect, it } from 'vitest';
import { replaceGeneratedSection } from './generated-section';

const START = '<!-- run:start -->';
const END = '<!-- run:end -->';

describe('replaceGeneratedSection', () => {
  it('replaces only what lies between the markers', () => {
    const doc = `# Title\n\nProse.\n\n${START}\n\nold table\n${END}\n\nMore prose.\n`;
    expect(replaceGeneratedSection(doc, START, END, 'new table')).toBe(
      `# Title\n\nProse.\n\n${START}\n\nnew table\n${END}\n\nMore prose.\n`,
    );
  });

  it('appends the section when the document has no markers yet', () => {
    expect(replaceGeneratedSection('# Title\n\n', START, END, 'table')).toBe(
      `# Title\n\n${START}\n\ntable\n${END}\n`,
    );
  });
});
