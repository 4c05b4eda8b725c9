import type { Page } from 'puppeteer-core';
import type { Shown } from './tick-latency';

interface DomNode {
  readonly nodeId: number;
  readonly nodeName: string;
  readonly attributes?: readonly string[];
  readonly children?: readonly DomNode[];
  readonly shadowRoots?: readonly DomNode[];
}

/** An element of a page by its attributes, found through closed shadow roots too. */
export type NodeMatch = (attributes: ReadonlyMap<string, string>) => boolean;

export const hasClass =
  (name: string): NodeMatch =>
  (attributes) =>
    (attributes.get('class') ?? '').split(' ').includes(name);

function attributesOf(node: DomNode): Map<string, string> {
  const map = new Map<string, string>();
  const list = node.attributes ?? [];
  for (let index = 0; index + 1 < list.length; index += 2) map.set(list[index] ?? '', list[index + 1] ?? '');
  return map;
}

/** The first node down the path: each match searched inside the node the previous one found. */
function findPath(node: DomNode, path: readonly NodeMatch[]): DomNode | undefined {
  const [first, ...rest] = path;
  if (first === undefined) return node;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) {
    const found = first(attributesOf(child)) ? findPath(child, rest) : findPath(child, path);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Runs in the page's own world on the watched element: logs its text at each change, on the machine's clock.
 * The overlay draws its text from a `data-text` attribute (src/content/badge/live-text.ts), so its text
 * is that attribute; a React screen's is the element's own text.
 */
const LOG_TEXT_CHANGES = `function () {
  const log = [];
  window.__perchShown = log;
  const text = () => this.getAttribute('data-text') ?? this.textContent;
  const read = () => log.push({ text: text(), at: performance.timeOrigin + performance.now() });
  new MutationObserver(read).observe(this, {
    subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-text'],
  });
}`;

export interface TextWatch {
  /** Every text the element showed since the watch began, and when. */
  read(): Promise<Shown[]>;
}

/**
 * Watches the text of the element at `path` (through closed shadow roots: the overlay's badge is in
 * one, which page scripts cannot reach, so DevTools hands the page a reference to it) from a
 * MutationObserver: the change is timed in the task that made it, before the frame that paints it.
 */
export async function watchText(page: Page, path: readonly NodeMatch[]): Promise<TextWatch> {
  const session = await page.createCDPSession();
  try {
    const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as {
      root: DomNode;
    };
    const node = findPath(root, path);
    if (node === undefined) throw new Error(`No element at that path on ${page.url()}`);
    const { object } = await session.send('DOM.resolveNode', { nodeId: node.nodeId });
    if (object.objectId === undefined) throw new Error('DevTools gave no reference to the watched element');
    await session.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: LOG_TEXT_CHANGES,
    });
  } finally {
    await session.detach();
  }
  return { read: async () => (await page.evaluate('window.__perchShown')) as Shown[] };
}
