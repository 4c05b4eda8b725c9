// Prints "N passed, N failed" from vitest's JSON reports (npm test writes one per vitest run) and exits
// with the test command's status. A report that is missing counts as one failure: that run failed before
// any test ran (or never started).
import { existsSync, readFileSync } from 'node:fs';

interface VitestReport {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
}

const args = process.argv.slice(2);
const status = Number(args.at(-1) ?? 1);
const reportPaths = args.slice(0, -1);

let passed = 0;
let failed = 0;
for (const reportPath of reportPaths) {
  if (!existsSync(reportPath)) {
    console.log(`No test report at ${reportPath}: that run failed before any test ran (see above).`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as VitestReport;
  passed += report.numPassedTests;
  // A run can fail without a failed test (an error outside any test): count it, so it never reads as green.
  failed += report.numFailedTests + (report.success || report.numFailedTests > 0 ? 0 : 1);
}
// So does a failed type check or lint, which ran beside the tests.
if (status !== 0 && failed === 0) failed = 1;
console.log(`${String(passed)} passed, ${String(failed)} failed`);
process.exit(status === 0 && failed > 0 ? 1 : status);
