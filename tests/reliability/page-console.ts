import type { CDPSession, Page, Protocol } from 'puppeteer-core';

/**
 * Every uncaught exception and console error of a tab, from every script world in it: the page's own,
 * and the isolated world a content script runs in (puppeteer's `pageerror` and `console` events see the
 * page's main world only). Read over DevTools.
 */
export interface PageConsole {
  /** What was recorded so far: uncaught exceptions and console or browser-log errors, as text. */
  errors(): string[];
  /**
   * Throws an uncaught error in a new isolated world of the page, as a content script's would be, and
   * waits for it to be recorded: proof the recorder watches the worlds Perch's overlay runs in.
   */
  selfCheck(): Promise<void>;
  /** Forgets what was recorded (the self-check's error). */
  clear(): void;
}

export async function watchPageConsole(page: Page): Promise<PageConsole> {
  const session: CDPSession = await page.createCDPSession();
  let errors: string[] = [];
  const waiters = new Set<(error: string) => void>();
  const record = (error: string) => {
    errors.push(error);
    for (const waiter of waiters) waiter(error);
  };
  session.on('Runtime.exceptionThrown', (event: Protocol.Runtime.ExceptionThrownEvent) => {
    const { text, exception } = event.exceptionDetails;
    record(`${text} ${exception?.description ?? ''}`.trim());
  });
  session.on('Runtime.consoleAPICalled', (event: Protocol.Runtime.ConsoleAPICalledEvent) => {
    if (event.type === 'error' || event.type === 'assert')
      record(event.args.map((arg) => arg.description ?? JSON.stringify(arg.value)).join(' '));
  });
  session.on('Log.entryAdded', (event: Protocol.Log.EntryAddedEvent) => {
    // Network entries are the test server's own 404s (the fixture pages ask for a favicon), not scripts.
    if (event.entry.level === 'error' && event.entry.source !== 'network') record(event.entry.text);
  });
  await session.send('Runtime.enable');
  await session.send('Log.enable');
  return {
    errors: () => [...errors],
    clear() {
      errors = [];
    },
    async selfCheck() {
      const { frameTree } = await session.send('Page.getFrameTree');
      const { executionContextId } = await session.send('Page.createIsolatedWorld', {
        frameId: frameTree.frame.id,
        worldName: 'perch-console-self-check',
      });
      let seen: ((error: string) => void) | undefined;
      const recorded = new Promise<void>((resolve, reject) => {
        const guard = setTimeout(() => {
          reject(new Error('An error thrown in an isolated world was not recorded.'));
        }, 5_000);
        seen = (error) => {
          if (!error.includes('console self-check')) return;
          clearTimeout(guard);
          resolve();
        };
        waiters.add(seen);
      });
      await session.send('Runtime.evaluate', {
        contextId: executionContextId,
        expression: `setTimeout(() => { throw new Error('console self-check'); })`,
      });
      await recorded.finally(() => {
        if (seen !== undefined) waiters.delete(seen);
      });
    },
  };
}
