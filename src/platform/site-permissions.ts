import { browser } from './browser';

/**
 * Access to a charting site the trader adds in options, through the browser's own permission prompt.
 * `request` must run from the click itself (a user gesture), before anything is awaited.
 */
export interface SitePermissions {
  /** True when the browser granted (or already had) access to every page of `origin`. */
  request(origin: string): Promise<boolean>;
  remove(origin: string): Promise<boolean>;
}

const pagesOf = (origin: string) => ({ origins: [`${origin}/*`] });

export function createSitePermissions(): SitePermissions {
  return {
    request: (origin) => browser.permissions.request(pagesOf(origin)),
    remove: (origin) => browser.permissions.remove(pagesOf(origin)),
  };
}
