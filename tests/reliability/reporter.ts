import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { z } from 'zod';
import { replaceGeneratedSection } from '../../scripts/generated-section';
import { FULL_RUN, type ScenarioRow } from './scenario';
import { renderReliabilityTables, type ReportedRow } from './render-table';

const DOC = 'docs/reliability.md';
const START = '<!-- reliability-run:start -->';
const END = '<!-- reliability-run:end -->';

const rowsSchema = z.array(
  z.object({
    section: z.string(),
    scenario: z.string(),
    injected: z.string(),
    times: z.string(),
    result: z.string(),
  }),
);

/**
 * Collects the rows the scenario tests recorded (tests/reliability/scenario.ts) and writes them, with the
 * machine and the run's mode, between the markers in docs/reliability.md. A test that failed is listed
 * as failed, so the table never hides a broken scenario.
 */
export default class ReliabilityReporter implements Reporter {
  private readonly rows: ReportedRow[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const file = relative(process.cwd(), testCase.module.moduleId);
    const state = testCase.result().state;
    if (state === 'failed') {
      this.rows.push({
        section: 'Failed in this run',
        scenario: testCase.fullName,
        injected: '',
        times: '',
        result: 'failed',
        file,
      });
      return;
    }
    const parsed = rowsSchema.safeParse((testCase.meta() as { reliability?: unknown }).reliability ?? []);
    const recorded: ScenarioRow[] = parsed.success ? parsed.data : [];
    for (const row of recorded) this.rows.push({ ...row, file });
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const header = [
      `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${FULL_RUN ? 'long form (`npm run test:reliability`)' : 'short form'}:`,
      `${String(cpus().length)} cores, ${String(Math.round(totalmem() / 2 ** 30))} GiB, Node ${process.version}, ${String(testModules.length)} test files.`,
    ].join(' ');
    // A failed scenario leads the page: the table must never bury a broken one.
    const rows = [
      ...this.rows.filter((row) => row.result === 'failed'),
      ...this.rows.filter((row) => row.result !== 'failed'),
    ];
    const body = `${header}\n\n${renderReliabilityTables(rows)}`;
    writeFileSync(DOC, replaceGeneratedSection(readFileSync(DOC, 'utf8'), START, END, body));
  }
}
