import { browser } from './browser';

/** Chrome's side panel API (Chrome 116+ for open()); the polyfill's types know only Firefox's sidebar. */
interface ChromeSidePanel {
  open(options: { windowId: number }): Promise<void>;
}
interface FirefoxSidebar {
  open(): Promise<void>;
}

const chromeSidePanel = (): ChromeSidePanel | undefined =>
  (globalThis as { chrome?: { sidePanel?: ChromeSidePanel } }).chrome?.sidePanel;
const firefoxSidebar = (): FirefoxSidebar | undefined =>
  (browser as { sidebarAction?: FirefoxSidebar }).sidebarAction;

/** Whether this browser has a side panel Perch can open (Chrome's side_panel, Firefox's sidebar_action). */
export const canOpenSidePanel = (): boolean =>
  chromeSidePanel() !== undefined || firefoxSidebar() !== undefined;

/**
 * Opens Perch's side panel in window `windowId`. Both browsers allow it only inside the handler of a user
 * action (a click on an extension page, a shortcut's onCommand), and lose that gesture at the first
 * `await`: call this synchronously from the handler, with the window id already known. Firefox opens its
 * sidebar in the active window and takes no id.
 */
export function openSidePanel(windowId: number | undefined): Promise<void> {
  const firefox = firefoxSidebar();
  if (firefox !== undefined) return firefox.open();
  const chrome = chromeSidePanel();
  if (chrome === undefined) return Promise.reject(new Error('This browser has no side panel for Perch.'));
  if (windowId === undefined)
    return Promise.reject(new Error('Perch could not tell which window to open its side panel in.'));
  return chrome.open({ windowId });
}

/** The browser window this extension page is shown in (its side panel's, or the popup's). */
export async function currentWindowId(): Promise<number | undefined> {
  return (await browser.windows.getCurrent()).id;
}
