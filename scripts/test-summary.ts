// Prints "N passed, N failed" from vitest's JSON report and exits with the test command's status.
// A run that failed before vitest (types, lint) has no report: it counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

interface VitestReport {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
}

const [reportPath, statusText] = process.argv.slice(2);
const status = Number(statusText ?? 1);

if (reportPath === undefined || !existsSync(reportPath)) {
  console.log('The checks failed before any test ran (see the type or lint errors above).');
  console.log('0 passed, 1 failed');
  process.exit(status === 0 ? 1 : status);
}
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as VitestReport;
// A run can fail without a failed test (an error outside any test): count it, so it never reads as green.
// So does a failed type check or lint, which ran beside the tests.
const failed =
  report.numFailedTests + ((report.success && status === 0) || report.numFailedTests > 0 ? 0 : 1);
console.log(`${report.numPassedTests} passed, ${failed} failed`);
process.exit(status === 0 && failed > 0 ? 1 : status);
