import type { Browser, Page } from 'puppeteer-core';
import { z } from 'zod';
import { remoteProtocolOf, type Box, type DomNode, type DomQueries, type PageDom } from './dom-node';

/** The roles tags carry without a `role` attribute, for the tags the badge uses (a section is a region only when named). */
const IMPLICIT_ROLES: Partial<Record<string, string>> = {
  BUTTON: 'button',
  SECTION: 'region',
  INPUT: 'textbox',
};

/** A node as WebDriver BiDi serializes it (https://w3c.github.io/webdriver-bidi/#type-script-NodeRemoteValue). */
interface BidiNode {
  sharedId: string;
  value: {
    nodeType: number;
    localName?: string | undefined;
    nodeValue?: string | undefined;
    mode?: string | undefined;
    attributes?: Record<string, string> | undefined;
    children?: BidiNode[] | undefined;
    shadowRoot?: BidiNode | null | undefined;
  };
}

const bidiNode: z.ZodType<BidiNode> = z.object({
  sharedId: z.string(),
  value: z.object({
    nodeType: z.number(),
    localName: z.string().optional(),
    nodeValue: z.string().optional(),
    mode: z.string().optional(),
    attributes: z.record(z.string(), z.string()).optional(),
    get children() {
      return z.array(bidiNode).optional();
    },
    get shadowRoot() {
      return bidiNode.nullable().optional();
    },
  }),
});

const evaluated = z.object({ type: z.literal('success'), result: z.object({ result: z.unknown() }) });
const boxValue = z.object({
  type: z.literal('array'),
  value: z.array(z.object({ type: z.literal('number'), value: z.number() })).length(4),
});

const NODE_NAMES: Record<number, string> = {
  3: '#text',
  8: '#comment',
  9: '#document',
  11: '#document-fragment',
};

const fromBidi = (node: BidiNode): DomNode => {
  const { value } = node;
  const shadowRoot = value.shadowRoot ?? undefined;
  return {
    ref: node.sharedId,
    nodeName: value.localName?.toUpperCase() ?? NODE_NAMES[value.nodeType] ?? '',
    nodeValue: value.nodeValue,
    attributes: Object.entries(value.attributes ?? {}).flat(),
    shadowRootType: value.mode,
    children: value.children?.map(fromBidi),
    shadowRoots: shadowRoot === undefined ? undefined : [fromBidi(shadowRoot)],
  };
};

/** The one part of puppeteer's BiDi browser this reader needs: its raw command channel. */
interface BidiChannel {
  send(method: string, params: object): Promise<unknown>;
}

function channelOf(browser: Browser): BidiChannel {
  const { connection } = browser as unknown as { connection?: BidiChannel };
  if (remoteProtocolOf(browser) !== 'webDriverBiDi' || connection === undefined)
    throw new Error('This page is not driven over WebDriver BiDi.');
  return connection;
}

/**
 * Firefox over WebDriver BiDi: scripts run in a sandbox of the page (its own globals, so the page cannot
 * steer them), and nodes come back serialized with every shadow tree, closed ones included.
 */
export function bidiDom(page: Page): PageDom {
  const channel = channelOf(page.browser());
  const target = { context: (page.mainFrame() as unknown as { _id: string })._id, sandbox: 'perch-e2e' };
  const run = async (method: string, params: object) => {
    const reply = evaluated.parse(await channel.send(method, { target, awaitPromise: false, ...params }));
    return reply.result.result;
  };
  const queries: DomQueries = {
    async box(node): Promise<Box> {
      const box = boxValue.parse(
        await run('script.callFunction', {
          functionDeclaration:
            '(node) => { const r = node.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }',
          arguments: [{ sharedId: node.ref }],
        }),
      );
      const [left, top, width, height] = box.value.map((item) => item.value) as [
        number,
        number,
        number,
        number,
      ];
      return { left, top, width, height };
    },
    // BiDi has no accessibility tree: Firefox reads the role and name the element declares (its `role`
    // and `aria-label`, else its tag's role). Chromium's specs check them against the real tree.
    accessible(node) {
      const attribute = (name: string) => {
        const attributes = node.attributes ?? [];
        const index = attributes.indexOf(name);
        return index === -1 || index % 2 === 1 ? undefined : attributes[index + 1];
      };
      const name = attribute('aria-label') ?? '';
      const implicit = IMPLICIT_ROLES[node.nodeName] ?? '';
      const role = attribute('role') ?? (implicit === 'region' && name === '' ? '' : implicit);
      return Promise.resolve({ role, name });
    },
  };
  return {
    async read(read) {
      const root = await run('script.evaluate', {
        expression: 'document.documentElement',
        serializationOptions: { maxDomDepth: null, includeShadowTree: 'all' },
      });
      return read({ ref: '', nodeName: '#document', children: [fromBidi(bidiNode.parse(root))] }, queries);
    },
  };
}
