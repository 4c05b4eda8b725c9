import type { Browser, ConsoleMessage, Page, Target, WebWorker } from 'puppeteer-core';
import { TargetType } from 'puppeteer-core';
import { contentScriptWorld } from '../pages/content-script-world';

/** One thing that crossed a context boundary, or one console line, as the audit saw it. */
export interface AuditEntry {
  /** Which page or worker it was seen in. */
  readonly context: string;
  readonly kind: string;
  /** What was carried, as JSON. */
  readonly data: string;
}

const BINDING = '__perchAuditRecord';

/**
 * Runs in a page before its own scripts (or in a content script's world): wraps the extension
 * messaging it can reach (chrome.runtime.sendMessage with its reply, onMessage, connect ports both
 * ways) and listens to window messages, handing each to `sink`. A string: it runs in the page, and the
 * page may have no `chrome` at all (a charting site's main world).
 */
const recorder = (sink: string) => `(() => {
  const sink = ${sink};
  const record = (kind, data) => {
    let text;
    try { text = JSON.stringify(data) ?? String(data); } catch { text = String(data); }
    try { sink(kind, text); } catch {}
  };
  window.addEventListener('message', (event) => record('window message', event.data), true);
  const runtime = globalThis.chrome && globalThis.chrome.runtime;
  if (!runtime || typeof runtime.sendMessage !== 'function') return;
  const send = runtime.sendMessage.bind(runtime);
  runtime.sendMessage = (...args) => {
    const callback = typeof args[args.length - 1] === 'function' ? args.pop() : undefined;
    record('sendMessage request', args);
    if (callback) return send(...args, (reply) => { record('sendMessage reply', reply); callback(reply); });
    const result = send(...args);
    Promise.resolve(result).then((reply) => record('sendMessage reply', reply), (error) => record('sendMessage error', String(error)));
    return result;
  };
  runtime.onMessage.addListener((message) => { record('onMessage', message); });
  const connect = runtime.connect.bind(runtime);
  runtime.connect = (...args) => {
    const port = connect(...args);
    record('connect', { args, name: port.name });
    const post = port.postMessage.bind(port);
    port.postMessage = (message) => { record('port out ' + port.name, message); post(message); };
    port.onMessage.addListener((message) => record('port in ' + port.name, message));
    return port;
  };
})();`;
const RECORDER = recorder(`(kind, text) => globalThis.${BINDING}(kind, text)`);
/** In a content script's isolated world there is no binding: entries wait in the world until read. */
const ISOLATED_SINK = '__perchAuditEntries';
const ISOLATED_RECORDER = recorder(
  `(kind, text) => (globalThis.${ISOLATED_SINK} ??= []).push({ kind, data: text })`,
);

const contextName = (url: string) => {
  const { protocol, pathname, host } = new URL(url);
  return protocol === 'chrome-extension:' ? pathname.slice(1) : `${host}${pathname}`;
};

async function consoleText(message: ConsoleMessage): Promise<string> {
  const args = await Promise.all(
    message.args().map((arg) =>
      arg.jsonValue().then(
        (value) => JSON.stringify(value),
        () => '',
      ),
    ),
  );
  return [message.text(), ...args].join(' ');
}

/**
 * Collects, for the whole life of a browser, every console line of every page and of the extension's
 * service worker (each new one after a restart too), and the messaging of each page made `recorded`.
 */
export class BoundaryRecorder {
  readonly entries: AuditEntry[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly watched = new WeakSet<Page | WebWorker>();
  private readonly workers = new Set<WebWorker>();

  constructor(private readonly browser: Browser) {
    browser.on('targetcreated', (target: Target) => void this.watchTarget(target));
    for (const target of browser.targets()) void this.watchTarget(target);
  }

  /** Records `page`'s messaging from its next navigation on, before its own scripts run. */
  async recorded(page: Page): Promise<Page> {
    this.watchConsole(page, () => contextName(page.url()));
    await page.exposeFunction(BINDING, (kind: string, data: string) => {
      this.entries.push({ context: contextName(page.url()), kind, data });
    });
    await page.evaluateOnNewDocument(RECORDER);
    return page;
  }

  /**
   * Records the messaging of the extension's content script on `page` from now on, in its isolated
   * world (found over CDP): calls made after this, such as a port opened again after a worker restart.
   * Returns what reads the recorded entries into the audit.
   */
  async recordContentScript(page: Page, extensionId: string): Promise<() => Promise<void>> {
    const world = await contentScriptWorld(page, extensionId);
    await world.evaluate(ISOLATED_RECORDER);
    return async () => {
      const recorded = (await world.evaluate(`globalThis.${ISOLATED_SINK} ?? []`)) as {
        kind: string;
        data: string;
      }[];
      const context = `content script on ${contextName(page.url())}`;
      for (const { kind, data } of recorded) this.entries.push({ context, kind, data });
    };
  }

  /** Waits for console lines still being read (their arguments are fetched from the browser). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  /**
   * Stops listening to the service workers: Chromium keeps a worker alive while a debugging session is
   * attached to it, so a test that stops the worker calls this first. A new worker is watched again.
   */
  async releaseWorkers(): Promise<void> {
    for (const worker of this.workers) {
      this.workers.delete(worker);
      await worker.client
        .connection()
        ?.send('Target.detachFromTarget', { sessionId: worker.client.id() })
        .catch(() => undefined);
    }
  }

  private async watchTarget(target: Target): Promise<void> {
    if (target.type() === TargetType.SERVICE_WORKER) {
      const worker = await target.worker().catch(() => null);
      if (worker === null) return;
      this.workers.add(worker);
      this.watchConsole(worker, () => `worker ${contextName(worker.url())}`);
    } else if (target.type() === TargetType.PAGE) {
      const page = await target.page().catch(() => null);
      if (page !== null) this.watchConsole(page, () => contextName(page.url()));
    }
  }

  private watchConsole(source: Page | WebWorker, context: () => string): void {
    if (this.watched.has(source)) return;
    this.watched.add(source);
    source.on('console', (message: ConsoleMessage) => {
      const where = context();
      const read = consoleText(message).then((data) => {
        this.entries.push({ context: where, kind: 'console', data });
      });
      this.pending.add(read);
      void read.finally(() => this.pending.delete(read));
    });
  }
}
