import { ALERTS_SECTION } from '../ui/alerts-section';

/** The page's sections, in the order the navigation lists them; each id is its URL fragment (options.html#accounts). */
export const SECTIONS = [
  { id: 'accounts', title: 'Accounts' },
  { id: 'watchlist', title: 'Watchlist' },
  { id: 'trading', title: 'Trading' },
  { id: 'overlay', title: 'Chart overlay' },
  // The popup's "Manage alerts" opens this one: its id is the popup's fragment.
  { id: ALERTS_SECTION, title: 'Alerts' },
  { id: 'security', title: 'Security' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

/** The first-run path's steps, in order; each is at options.html#first-run/<step>. */
export const FIRST_RUN_STEPS = [
  { id: 'passphrase', title: 'Create your passphrase' },
  { id: 'exchange', title: 'Add an exchange' },
  { id: 'test', title: 'Test the key' },
  { id: 'watchlist', title: 'Pick your watchlist' },
] as const;

export type FirstRunStepId = (typeof FIRST_RUN_STEPS)[number]['id'];

/** Where the page is: one section, one first-run step, or nowhere named yet (an empty or unknown fragment). */
export type Route =
  | { readonly kind: 'section'; readonly section: SectionId }
  | { readonly kind: 'first-run'; readonly step: FirstRunStepId }
  | { readonly kind: 'none' };

const FIRST_RUN_PREFIX = 'first-run/';
export const DEFAULT_SECTION: SectionId = 'accounts';

/** The route a URL fragment names ("#accounts", "#first-run/test"); anything else is `none`. */
export function routeOf(hash: string): Route {
  const name = hash.startsWith('#') ? hash.slice(1) : hash;
  const section = SECTIONS.find((item) => item.id === name);
  if (section !== undefined) return { kind: 'section', section: section.id };
  if (name.startsWith(FIRST_RUN_PREFIX)) {
    const step = FIRST_RUN_STEPS.find((item) => item.id === name.slice(FIRST_RUN_PREFIX.length));
    if (step !== undefined) return { kind: 'first-run', step: step.id };
  }
  return { kind: 'none' };
}

/** The fragment of a route, with its "#". */
export function hrefOf(route: Exclude<Route, { kind: 'none' }>): string {
  return route.kind === 'section' ? `#${route.section}` : `#${FIRST_RUN_PREFIX}${route.step}`;
}

export const sectionHref = (section: SectionId) => hrefOf({ kind: 'section', section });
export const stepHref = (step: FirstRunStepId) => hrefOf({ kind: 'first-run', step });

/** The step after `step`, or undefined after the last. */
export function nextStep(step: FirstRunStepId): FirstRunStepId | undefined {
  const index = FIRST_RUN_STEPS.findIndex((item) => item.id === step);
  return FIRST_RUN_STEPS[index + 1]?.id;
}

/** "Step 2 of 4". */
export function stepWords(step: FirstRunStepId): string {
  const index = FIRST_RUN_STEPS.findIndex((item) => item.id === step);
  return `Step ${String(index + 1)} of ${String(FIRST_RUN_STEPS.length)}`;
}
