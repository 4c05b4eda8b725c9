import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core's WCAG A/AA rules on a rendered screen and fails with each violation's id and the
 * elements it found. Colour contrast needs real layout, so the e2e specs check it in Chromium instead.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  const found = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(found).toEqual([]);
}
