import { test as base } from 'vitest';
import { launchPerch, type Perch } from './harness';

/** `perchTest` hands each test a browser with Perch loaded and closes everything afterwards, pass or fail. */
export const perchTest = base.extend<{ perch: Perch }>({
  // eslint-disable-next-line no-empty-pattern -- vitest reads the fixture's dependencies from this pattern
  perch: async ({}, use) => {
    const perch = await launchPerch();
    try {
      await use(perch);
    } finally {
      await perch.close();
    }
  },
});
