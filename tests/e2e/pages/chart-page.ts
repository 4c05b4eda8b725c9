import type { Page } from 'puppeteer-core';

interface DomNode {
  nodeName: string;
  nodeValue?: string;
  shadowRootType?: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

function collectText(node: DomNode): string {
  const own = node.nodeName === '#text' ? (node.nodeValue ?? '') : '';
  const nested = [...(node.shadowRoots ?? []), ...(node.children ?? [])].map(collectText).join('');
  return own + nested;
}

function findOverlayHost(node: DomNode): DomNode | undefined {
  if (node.nodeName === 'PERCH-OVERLAY') return node;
  for (const child of node.children ?? []) {
    const found = findOverlayHost(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A charting site's page with Perch's overlay on it. */
export class ChartPage {
  constructor(readonly page: Page) {}

  /** What the page's own scripts can see of the overlay: the host element and whether its shadow root is open. */
  async overlayAsSeenByPage(): Promise<{ present: boolean; shadowRootVisible: boolean }> {
    // A string, not a function: what runs must be exactly what a page script could run.
    return (await this.page.evaluate(`(() => {
      const host = document.querySelector('perch-overlay');
      return { present: host !== null, shadowRootVisible: host !== null && host.shadowRoot !== null };
    })()`)) as { present: boolean; shadowRootVisible: boolean };
  }

  /**
   * The overlay as a person sees it. Its shadow root is closed to page scripts, so read it through the
   * DevTools protocol, which sees every shadow root.
   */
  async overlay(): Promise<{ shadowRootType: string | undefined; text: string }> {
    const session = await this.page.createCDPSession();
    try {
      const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as {
        root: DomNode;
      };
      const host = findOverlayHost(root);
      if (host === undefined) throw new Error('Perch has not mounted its overlay on this page.');
      return { shadowRootType: host.shadowRoots?.[0]?.shadowRootType, text: collectText(host) };
    } finally {
      await session.detach();
    }
  }

  async waitForOverlayText(expected: RegExp, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { text } = await this.overlay().catch(() => ({ text: '' }));
      if (expected.test(text)) return text;
      if (Date.now() > deadline)
        throw new Error(`The overlay never showed ${String(expected)}; it shows "${text}".`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
