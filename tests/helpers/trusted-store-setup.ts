import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { resetTrustedStore } from '../../src/platform/trusted-storage.test-helper';

// Node has no IndexedDB: fake-indexeddb stands in for the extension origin's. Every test starts on an
// empty trusted store, as each starts on an empty fake browser.
beforeEach(resetTrustedStore);
