import type { Browser } from 'puppeteer-core';

/** A node of a page's DOM as a browser's remote protocol shows it, shadow roots (closed ones too) included. */
export interface DomNode {
  /** How the protocol names this node for later calls: a DevTools node id or a WebDriver BiDi shared id. */
  ref: number | string;
  nodeName: string;
  nodeValue?: string | undefined;
  /** Name, value, name, value… */
  attributes?: string[] | undefined;
  shadowRootType?: string | undefined;
  children?: DomNode[] | undefined;
  shadowRoots?: DomNode[] | undefined;
}

/** Where an element is on screen, in CSS pixels from the viewport's top left (its border box). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What can be asked of nodes of the document being read. */
export interface DomQueries {
  /** Where `node` is on screen. */
  box(node: DomNode): Promise<Box>;
  /** The role and name a screen reader announces for `node`. */
  accessible(node: DomNode): Promise<{ role: string; name: string }>;
}

/**
 * A page's DOM read from outside the page, through the browser's remote protocol: page scripts cannot
 * see into a closed shadow root, the protocol can. One for Chromium (DevTools), one for Firefox (BiDi).
 */
export interface PageDom {
  /**
   * Reads the whole document, every shadow tree included, and hands it to `read` with the queries its
   * nodes are valid for; nothing of the read outlives the call.
   */
  read<T>(read: (document: DomNode, queries: DomQueries) => Promise<T>): Promise<T>;
}

/**
 * The protocol puppeteer drives `browser` over. Puppeteer keeps the getter internal; this is the one place
 * that reads it.
 */
export function remoteProtocolOf(browser: Browser): 'cdp' | 'webDriverBiDi' {
  const { protocol } = browser as unknown as { protocol?: unknown };
  return protocol === 'webDriverBiDi' ? 'webDriverBiDi' : 'cdp';
}
