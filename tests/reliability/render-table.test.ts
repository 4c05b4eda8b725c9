import { describe, expect, it } from 'vitest';
import { renderReliabilityTables } from './render-table';

describe('renderReliabilityTables', () => {
  it('groups rows by section in first-seen order and keeps each row on one escaped line', () => {
    const row = { injected: 'drop', times: '3', result: 'ok', file: 'a.test.ts' };
    const table = renderReliabilityTables([
      { ...row, section: 'Sockets', scenario: 'flap' },
      { ...row, section: 'REST', scenario: 'a | b\nc' },
      { ...row, section: 'Sockets', scenario: 'pongs' },
    ]);
    expect(table.indexOf('### Sockets')).toBeLessThan(table.indexOf('### REST'));
    expect(table).toContain('| flap | drop | 3 | ok | `a.test.ts` |');
    expect(table).toContain('| a \\| b c | drop | 3 | ok | `a.test.ts` |');
    expect(table.indexOf('| pongs')).toBeLessThan(table.indexOf('### REST'));
  });
});
