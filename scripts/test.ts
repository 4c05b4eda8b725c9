import { spawn } from 'node:child_process';
import { printResults, runBuffered } from './buffered-run';

/**
 * `npm test`: every vitest project, in two vitest runs side by side, with the type check and lint beside
 * them. The browser specs run one file at a time and use about a quarter of a core for their ten minutes;
 * in one vitest run they only started once every Node file had finished. Here the browser run starts at
 * once and streams its output, while the Node projects (one worker, so the browsers keep a core) and the
 * check run beside it with their output printed whole at the end. Each run writes its own JSON report
 * (test-results/), which scripts/test-summary.ts adds up. The run fails if any part does.
 */
const NODE_PROJECTS = ['unit', 'unit-isolated', 'component', 'integration', 'reliability'];
const BROWSER_PROJECTS = ['e2e', 'firefox'];

const vitestArgs = (projects: readonly string[], report: string) => [
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=test-results/${report}.json`,
];

function runBrowsers(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', vitestArgs(BROWSER_PROJECTS, 'vitest-browsers'), { stdio: 'inherit' });
    child.on('close', (code) => {
      resolve(code ?? 1);
    });
  });
}

const [check, node, browsers] = await Promise.all([
  runBuffered('check'),
  runBuffered('vitest (Node projects)', [
    'npx',
    ...vitestArgs(NODE_PROJECTS, 'vitest-node'),
    '--maxWorkers=1',
  ]),
  runBrowsers(),
]);
printResults([node, check]);
process.exit(check.code !== 0 || node.code !== 0 || browsers !== 0 ? 1 : 0);
