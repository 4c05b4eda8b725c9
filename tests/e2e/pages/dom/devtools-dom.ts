import type { CDPSession, Page } from 'puppeteer-core';
import type { Box, DomNode, PageDom } from './dom-node';

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

/** Chromium's DevTools protocol: one session for the page, whose node ids hold until the next `document()`. */
export function devToolsDom(page: Page): PageDom {
  let opened: Promise<CDPSession> | undefined;
  const session = () => (opened ??= page.createCDPSession());
  return {
    async document() {
      const { root } = (await (await session()).send('DOM.getDocument', { depth: -1, pierce: true })) as {
        root: DevToolsNode;
      };
      return fromDevTools(root);
    },
    async box(node): Promise<Box> {
      const { model } = (await (await session()).send('DOM.getBoxModel', { nodeId: Number(node.ref) })) as {
        model: { border: number[]; width: number; height: number };
      };
      const [left = 0, top = 0] = model.border;
      return { left, top, width: model.width, height: model.height };
    },
    async accessible(node) {
      const { nodes } = (await (
        await session()
      ).send('Accessibility.getPartialAXTree', {
        nodeId: Number(node.ref),
        fetchRelatives: false,
      })) as { nodes: { role?: { value?: string }; name?: { value?: string } }[] };
      return { role: nodes[0]?.role?.value ?? '', name: nodes[0]?.name?.value ?? '' };
    },
  };
}
