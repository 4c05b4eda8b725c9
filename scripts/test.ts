import { spawn } from 'node:child_process';
import { printResults, runBuffered } from './buffered-run';

/**
 * `npm test`: every vitest project, with the type check and lint running beside it rather than before it.
 * The browser specs run one at a time and leave most of a second core idle for their ten minutes; the
 * check fills it, which takes its two minutes off the whole run. Vitest's output streams as it comes; the
 * check's is printed whole at the end. The run fails if either does.
 */
function runVitest(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run'], { stdio: 'inherit' });
    child.on('close', (code) => {
      resolve(code ?? 1);
    });
  });
}

const [check, vitest] = await Promise.all([runBuffered('check'), runVitest()]);
printResults([check]);
process.exit(check.code !== 0 || vitest !== 0 ? 1 : 0);
