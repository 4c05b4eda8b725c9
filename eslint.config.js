import { builtinModules } from 'node:module';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * What may import what (docs/architecture.md "What may import what"): every folder of the map is an element, and
 * each element may import only the elements listed for it. Files in no element (tests, scripts) are free.
 */
const ELEMENTS = [
  // The errors' base and errorMessage(): import-free, so contracts may share it (matched before exchanges).
  { type: 'error-base', pattern: 'src/exchanges/named-error.ts', mode: 'full' },
  // Exact decimal strings (big.js only): shared so the popup's price and size checks round as the worker does.
  { type: 'decimal-base', pattern: 'src/exchanges/decimal.ts', mode: 'full' },
  ...[
    'exchanges',
    'contracts',
    'platform',
    'background',
    'popup',
    'sidepanel',
    'options',
    'content',
    'ui',
  ].map((type) => ({
    type,
    pattern: `src/${type}/**`,
    mode: 'full',
  })),
  { type: 'sim', pattern: 'sim/**', mode: 'full' },
  { type: 'entry-background', pattern: 'entrypoints/background.ts', mode: 'full' },
  { type: 'entry-popup', pattern: 'entrypoints/popup/**', mode: 'full' },
  { type: 'entry-options', pattern: 'entrypoints/options/**', mode: 'full' },
  { type: 'entry-sidepanel', pattern: 'entrypoints/sidepanel/**', mode: 'full' },
  { type: 'entry-content', pattern: 'entrypoints/overlay.content/**', mode: 'full' },
  // Chrome's offscreen document: the worker's own page for playing the alert chime (its worker has no audio).
  { type: 'entry-offscreen', pattern: 'entrypoints/offscreen/**', mode: 'full' },
  // The benchmark's empty reference page, built only into the benchmark's build (wxt.config.ts).
  { type: 'entry-bench', pattern: 'entrypoints/bench-empty/**', mode: 'full' },
];

/** `from` may import only the element types listed (and only types, where `kind` says so). */
const allowed = (from, to, kind) => ({
  from: { type: from },
  allow: { to: { type: to }, ...(kind && { dependency: { kind } }) },
});
const UI_ALLOWED = ['contracts', 'platform', 'ui'];
const DEPENDENCY_RULES = [
  allowed('exchanges', ['exchanges', 'error-base', 'decimal-base']),
  allowed('contracts', ['contracts', 'error-base', 'decimal-base']),
  allowed('contracts', ['exchanges'], 'type'),
  allowed('platform', ['platform', 'contracts']),
  allowed('background', ['background', 'exchanges', 'error-base', 'decimal-base', 'contracts', 'platform']),
  ...['popup', 'options', 'content'].map((ui) => allowed(ui, [ui, ...UI_ALLOWED])),
  // The side panel is the popup's app beside the chart: it renders the popup's screens.
  allowed('sidepanel', ['sidepanel', 'popup', ...UI_ALLOWED]),
  allowed('ui', UI_ALLOWED),
  allowed('sim', ['sim']),
  ...['background', 'popup', 'sidepanel', 'options', 'content'].map((entry) =>
    allowed(`entry-${entry}`, [entry]),
  ),
  allowed('entry-offscreen', ['background']),
  allowed('entry-bench', ['platform', 'contracts']),
];

const EXTENSION_APIS_VIA_PLATFORM = {
  regex: '^(wxt/browser|webextension-polyfill)$',
  message: 'Extension APIs go through src/platform.',
};

/** The script injected into charting pages pulls in only the contracts it may send (docs/architecture.md). */
const CONTENT_GETS_ITS_OWN_CONTRACTS = {
  regex: '/(contracts|contracts/index|platform/runtime-client)$',
  allowTypeImports: true,
  message: 'A content script uses platform/content-client and contracts/content, not every contract.',
};

/** src/exchanges runs in the worker and in Node alike: fetch, sockets, timers and the clock are handed in. */
const NO_NODE = {
  regex: `^(node:|(${builtinModules.join('|')})(/|$))`,
  message: 'src/exchanges is pure: no Node module.',
};
const NO_EXTENSION = {
  regex: '^(wxt|@wxt-dev|webextension-polyfill)(/|$)',
  message: 'src/exchanges is pure: no extension API.',
};
/** Neither the exchange core nor the overlay, plain DOM on every chart page, carries a UI framework. */
const NO_REACT = {
  regex: '^(react|preact)(-[\\w-]+)?(/|$)',
  message: 'No React in src/exchanges (pure) or the overlay (plain DOM).',
};
/**
 * The worker holds trading keys, and its bundle never holds a route that moves funds: only the catalogue's own
 * tests, and the store-build spec that searches the bundle for every such route, may read them.
 */
const FUNDS_MOVING_ROUTES = {
  regex: '(^|/)endpoints-funds-moving(\\.ts)?$',
  message:
    'Routes that move funds (withdraw, transfer, convert, borrow...) are for tests only; Perch never calls them.',
};
const FUNDS_MOVING_READERS = ['src/exchanges/**/*.test.ts', 'tests/e2e/store-build.spec.ts'];
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];

/**
 * One block per folder with import restrictions, listing all of them, the funds-moving one included: ESLint
 * gives a file the options of the last block that sets a rule, so a later block with fewer patterns would
 * silently drop the earlier ones. The folders' blocks are disjoint and come after the catch-all one.
 */
const restrictImports = (files, patterns, ignores = TEST_FILES) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns: [FUNDS_MOVING_ROUTES, ...patterns] }] },
});
const IMPORT_RESTRICTIONS = [
  restrictImports(['**/*.{ts,tsx,js,mjs,cjs}'], [], FUNDS_MOVING_READERS),
  restrictImports(['src/exchanges/**/*.{ts,tsx}'], [NO_NODE, NO_EXTENSION, NO_REACT]),
  restrictImports(
    ['src/content/**/*.{ts,tsx}'],
    [EXTENSION_APIS_VIA_PLATFORM, CONTENT_GETS_ITS_OWN_CONTRACTS, NO_REACT],
  ),
  restrictImports(['entrypoints/overlay.content/**/*.{ts,tsx}'], [NO_REACT]),
  restrictImports(
    ['src/**/*.{ts,tsx}'],
    [EXTENSION_APIS_VIA_PLATFORM],
    [...TEST_FILES, 'src/platform/**', 'src/exchanges/**', 'src/content/**'],
  ),
];

export default tseslint.config(
  {
    ignores: [
      '.output/**',
      '.wxt/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.config.ts', '*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'docs/architecture.md forbids this import: {{from.type}} may not import {{to.type}}.',
          rules: DEPENDENCY_RULES,
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
    },
  },
  ...IMPORT_RESTRICTIONS,
  {
    files: ['src/exchanges/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'location',
        'localStorage',
        'sessionStorage',
        'indexedDB',
        'self',
        'chrome',
        'browser',
        'fetch',
        'XMLHttpRequest',
        'WebSocket',
        'setTimeout',
        'setInterval',
        'Buffer',
        'process',
      ],
    },
  },
  {
    files: ['src/exchanges/**/*.tsx', 'src/content/**/*.tsx', 'entrypoints/overlay.content/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXElement, JSXFragment',
          message: 'No JSX in src/exchanges (pure) or the overlay (plain DOM).',
        },
      ],
    },
  },
  {
    files: ['src/background/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document', 'localStorage'] },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Unit and component files share a module graph (isolate: false): unstubbing every global would
      // also remove the fake extension `browser` that WXT's setup stubbed once for the whole worker.
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'unstubAllGlobals',
          message: 'Put back only the globals this test changed.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
