import { describe, expect, it } from 'vitest';
import { createShutdown } from './shutdown';

/** A step that finishes only when the test says so, to hold a shutdown midway. */
function heldStep(log: string[], name: string) {
  let finish = () => {};
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const step = () =>
    new Promise<void>((resolve) => {
      log.push(`${name} started`);
      finish = () => {
        log.push(`${name} done`);
        resolve();
      };
      markStarted();
    });
  return {
    step,
    started,
    finish: () => {
      finish();
    },
  };
}

describe('createShutdown', () => {
  it('runs each step once, last added first, and exits only after the last one', async () => {
    const log: string[] = [];
    const shutdown = createShutdown((code) => log.push(`exit ${code}`));
    const removeProfile = heldStep(log, 'remove profile');
    shutdown.add(() => Promise.resolve(log.push('stop simulator')));
    shutdown.add(removeProfile.step);
    shutdown.add(() => Promise.resolve(log.push('close browser')));

    const first = shutdown.run(); // Ctrl+C
    const second = shutdown.run(); // Chromium got Ctrl+C too and disconnected
    await removeProfile.started;
    expect(log).toEqual(['close browser', 'remove profile started']);
    removeProfile.finish();
    await Promise.all([first, second]);

    expect(log).toEqual([
      'close browser',
      'remove profile started',
      'remove profile done',
      'stop simulator',
      'exit 0',
    ]);
  });

  it('still removes the profile when closing the browser fails, and exits with 1', async () => {
    const log: string[] = [];
    const reported: unknown[] = [];
    const shutdown = createShutdown(
      (code) => log.push(`exit ${code}`),
      (_, error) => reported.push(error),
    );
    const closeError = new Error('Protocol error: Target closed');
    shutdown.add(() => Promise.resolve(log.push('remove profile')));
    shutdown.add(() => Promise.reject(closeError));

    await shutdown.run();

    expect(log).toEqual(['remove profile', 'exit 1']);
    expect(reported).toEqual([closeError]);
  });
});
