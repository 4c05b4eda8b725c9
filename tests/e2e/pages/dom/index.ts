import type { Page } from 'puppeteer-core';
import { bidiDom } from './bidi-dom';
import { devToolsDom } from './devtools-dom';
import { remoteProtocolOf, type PageDom } from './dom-node';

/** The DOM reader for the browser `page` is in: DevTools for Chromium, WebDriver BiDi for Firefox. */
export const pageDomOf = (page: Page): PageDom =>
  remoteProtocolOf(page.browser()) === 'cdp' ? devToolsDom(page) : bidiDom(page);
