import { browser } from './browser';

/** Opens Perch's options page (or brings it to the front), from an extension page. */
export function openOptionsPage(): Promise<void> {
  return browser.runtime.openOptionsPage();
}

/** Opens the options page at one of its sections (the id of its heading, as "alerts"), in a new tab. */
export async function openOptionsAt(section: string): Promise<void> {
  await browser.tabs.create({ url: `${browser.runtime.getURL('/options.html')}#${section}` });
}
