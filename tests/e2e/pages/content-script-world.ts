import type { CDPSession, Page } from 'puppeteer-core';

interface ExecutionContext {
  id: number;
  origin: string;
  auxData?: { type?: string; isDefault?: boolean };
}

/** Perch's content script's own world on a page: where its code runs, with its `chrome` APIs. */
export interface ContentScriptWorld {
  /** Evaluates `expression` in that world (a promise is awaited) and answers its value. */
  evaluate(expression: string): Promise<unknown>;
  /** Lets go of the DevTools session. */
  detach(): Promise<void>;
}

/**
 * The isolated world of Perch's content script on `page`, found over DevTools: Chromium announces each
 * world's execution context, and the content script's is `isolated`, its origin the extension's. What
 * runs there is what a compromised renderer could run as the content script.
 */
export async function contentScriptWorld(page: Page, extensionId: string): Promise<ContentScriptWorld> {
  const session: CDPSession = await page.createCDPSession();
  const contexts: ExecutionContext[] = [];
  session.on('Runtime.executionContextCreated', (event: { context: ExecutionContext }) => {
    contexts.push(event.context);
  });
  await session.send('Runtime.enable');
  const world = contexts.find(
    (context) => context.auxData?.type === 'isolated' && context.origin.includes(extensionId),
  );
  if (world === undefined)
    throw new Error(`No isolated world of Perch's content script among ${JSON.stringify(contexts)}.`);
  return {
    async evaluate(expression) {
      const { result, exceptionDetails } = (await session.send('Runtime.evaluate', {
        expression,
        contextId: world.id,
        awaitPromise: true,
        returnByValue: true,
      })) as { result: { value?: unknown }; exceptionDetails?: { exception?: { description?: string } } };
      if (exceptionDetails !== undefined)
        throw new Error(`The content script's world threw: ${exceptionDetails.exception?.description ?? ''}`);
      return result.value;
    },
    detach: () => session.detach(),
  };
}

/** Evaluates `expression` once in Perch's content script's world on `page`, then lets the session go. */
export async function evaluateAsOverlay(
  page: Page,
  extensionId: string,
  expression: string,
): Promise<unknown> {
  const world = await contentScriptWorld(page, extensionId);
  try {
    return await world.evaluate(expression);
  } finally {
    await world.detach();
  }
}
