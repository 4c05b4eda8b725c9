import { printResults, runBuffered } from './buffered-run';

/**
 * `npm run check`: the type check and lint side by side. Each is mostly one CPU's work for about a minute,
 * so on two cores together they take little more than the longer of the two.
 * Each one's output is printed whole once it ends, never interleaved; the check fails if either does.
 */
const results = await Promise.all([runBuffered('typecheck'), runBuffered('lint')]);
printResults(results);
process.exit(results.some(({ code }) => code !== 0) ? 1 : 0);
