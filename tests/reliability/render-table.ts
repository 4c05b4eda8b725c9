import type { ScenarioRow } from './scenario';

export interface ReportedRow extends ScenarioRow {
  /** The test file that recorded it, relative to the repository. */
  readonly file: string;
}

/** A table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** One markdown table per section, in the order the sections first appear; rows in recorded order. */
export function renderReliabilityTables(rows: readonly ReportedRow[]): string {
  const sections = [...new Set(rows.map((row) => row.section))];
  return sections
    .map((section) => {
      const lines = rows
        .filter((row) => row.section === section)
        .map(
          (row) =>
            `| ${[row.scenario, row.injected, row.times, row.result, `\`${row.file}\``].map(cell).join(' | ')} |`,
        );
      return [
        `### ${section}`,
        '',
        '| scenario | what was injected | how many times | result | test |',
        '| --- | --- | --- | --- | --- |',
        ...lines,
        '',
      ].join('\n');
    })
    .join('\n');
}
