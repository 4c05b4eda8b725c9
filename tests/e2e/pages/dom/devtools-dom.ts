import type { CDPSession, Page } from 'puppeteer-core';
import type { Box, DomNode, DomQueries, PageDom } from './dom-node';

interface DevToolsNode {
  nodeId: number;
  nodeName: string;
  nodeValue?: string;
  attributes?: string[];
  shadowRootType?: string;
  children?: DevToolsNode[];
  shadowRoots?: DevToolsNode[];
}

const fromDevTools = (node: DevToolsNode): DomNode => ({
  ref: node.nodeId,
  nodeName: node.nodeName,
  nodeValue: node.nodeValue,
  attributes: node.attributes,
  shadowRootType: node.shadowRootType,
  children: node.children?.map(fromDevTools),
  shadowRoots: node.shadowRoots?.map(fromDevTools),
});

const queriesOver = (session: CDPSession): DomQueries => ({
  async box(node): Promise<Box> {
    const { model } = (await session.send('DOM.getBoxModel', { nodeId: Number(node.ref) })) as {
      model: { border: number[]; width: number; height: number };
    };
    const [left = 0, top = 0] = model.border;
    return { left, top, width: model.width, height: model.height };
  },
  async accessible(node) {
    const { nodes } = (await session.send('Accessibility.getPartialAXTree', {
      nodeId: Number(node.ref),
      fetchRelatives: false,
    })) as { nodes: { role?: { value?: string }; name?: { value?: string } }[] };
    return { role: nodes[0]?.role?.value ?? '', name: nodes[0]?.name?.value ?? '' };
  },
});

/**
 * Chromium's DevTools protocol: a session per read, detached after it, so no session is left streaming
 * DOM change events while the badge updates (node ids hold only within the session that read them).
 */
export function devToolsDom(page: Page): PageDom {
  return {
    async read(read) {
      const session = await page.createCDPSession();
      try {
        const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as {
          root: DevToolsNode;
        };
        return await read(fromDevTools(root), queriesOver(session));
      } finally {
        await session.detach();
      }
    },
  };
}
