import type { Page, Protocol } from 'puppeteer-core';

/**
 * Runs `expression` (a string, awaited, its value returned) in the script world Perch's overlay runs in on
 * `page`: with the overlay's own powers, as a compromised renderer on a matched site could. A page's own
 * scripts have no `chrome.runtime`; this world does. One DevTools session per call, detached after it.
 */
export async function evaluateAsOverlay(
  page: Page,
  extensionId: string,
  expression: string,
): Promise<unknown> {
  const session = await page.createCDPSession();
  try {
    const worlds: Protocol.Runtime.ExecutionContextDescription[] = [];
    session.on('Runtime.executionContextCreated', (event: Protocol.Runtime.ExecutionContextCreatedEvent) => {
      worlds.push(event.context);
    });
    // Enabling reports every world the page already has before it answers.
    await session.send('Runtime.enable');
    const overlay = worlds.find((world) => world.origin === `chrome-extension://${extensionId}`);
    if (overlay === undefined)
      throw new Error(
        `No Perch overlay world in ${page.url()}: ${worlds.map((world) => world.name).join(', ')}.`,
      );
    const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
      expression,
      contextId: overlay.id,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails !== undefined)
      throw new Error(
        `In the overlay's world: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`,
      );
    return result.value;
  } finally {
    await session.detach();
  }
}
