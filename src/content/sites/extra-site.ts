import { querySymbol, titleTicker, type SiteAdapter } from './site-adapter';

/**
 * A site the trader added in options: Perch knows nothing of its pages, so it reads `?symbol=` and the
 * title's first word, the two places charting sites most often name their symbol.
 */
export const extraSite: SiteAdapter = {
  site: 'extra',
  readSymbol: (doc, url) => querySymbol(url) ?? titleTicker(doc.title),
};

/** Whether `origin` is one of the trader's added origins (`https://charts.example.com`, `https://*.example.com`). */
export function isExtraOrigin(origin: string, extraOrigins: readonly string[]): boolean {
  const host = new URL(origin).hostname;
  return extraOrigins.some((extra) => {
    const added = new URL(extra.replace('*.', '')).hostname;
    return extra.includes('*.') ? host === added || host.endsWith(`.${added}`) : host === added;
  });
}
