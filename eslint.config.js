import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * What may import what (docs/architecture.md "What may import what"): every folder of the map is an element, and
 * each element may import only the elements listed for it. Files in no element (tests, scripts) are free.
 */
const ELEMENTS = [
  ...['exchanges', 'contracts', 'platform', 'background', 'popup', 'options', 'content', 'ui'].map(
    (type) => ({
      type,
      pattern: `src/${type}/**`,
      mode: 'full',
    }),
  ),
  { type: 'sim', pattern: 'sim/**', mode: 'full' },
  { type: 'entry-background', pattern: 'entrypoints/background.ts', mode: 'full' },
  { type: 'entry-popup', pattern: 'entrypoints/popup/**', mode: 'full' },
  { type: 'entry-options', pattern: 'entrypoints/options/**', mode: 'full' },
  { type: 'entry-content', pattern: 'entrypoints/overlay.content/**', mode: 'full' },
];

/** `from` may import only the element types listed (and only types, where `kind` says so). */
const allowed = (from, to, kind) => ({
  from: { type: from },
  allow: { to: { type: to }, ...(kind && { dependency: { kind } }) },
});
const UI_ALLOWED = ['contracts', 'platform', 'ui'];
const DEPENDENCY_RULES = [
  allowed('exchanges', ['exchanges']),
  allowed('contracts', ['contracts']),
  allowed('contracts', ['exchanges'], 'type'),
  allowed('platform', ['platform', 'contracts']),
  allowed('background', ['background', 'exchanges', 'contracts', 'platform']),
  ...['popup', 'options', 'content'].map((ui) => allowed(ui, [ui, ...UI_ALLOWED])),
  allowed('ui', UI_ALLOWED),
  allowed('sim', ['sim']),
  ...['background', 'popup', 'options', 'content'].map((entry) => allowed(`entry-${entry}`, [entry])),
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
  {
    files: ['src/exchanges/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:|wxt|webextension-polyfill|react)',
              message: 'src/exchanges is pure: no Node, extension or UI imports.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'chrome',
        'browser',
        'fetch',
        'WebSocket',
        'setTimeout',
        'setInterval',
        'Buffer',
        'process',
      ],
    },
  },
  {
    files: ['src/background/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document', 'localStorage'] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/platform/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [EXTENSION_APIS_VIA_PLATFORM] }] },
  },
  {
    files: ['src/content/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [EXTENSION_APIS_VIA_PLATFORM, CONTENT_GETS_ITS_OWN_CONTRACTS] },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
