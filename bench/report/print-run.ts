import type { BenchRun } from './bench-run';
import { formatValue } from './render-benchmarks';

/** The terminal's view of a run: every figure, then the targets, one line each. */
export function printRun(run: BenchRun): void {
  for (const part of run.parts) {
    console.log(`\n${part.part}`);
    console.table(
      part.figures.map((figure) => ({
        measure: figure.label,
        value: formatValue(figure.value),
        unit: figure.unit,
      })),
    );
  }
  console.log('\ntargets');
  console.table(
    run.parts
      .flatMap((part) => part.targets)
      .map((target) => ({
        target: target.label,
        goal: target.goal,
        measured: `${formatValue(target.measured)} ${target.unit}`,
        met: target.met ? 'met' : 'MISSED',
      })),
  );
  console.log(`\n${run.mode} run, ${(run.durationSeconds / 60).toFixed(1)} min`);
}
