import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * What may import what (DESIGN.md "What may import what"). Each zone forbids `target` to import
 * from `from`; `except` names the parts of `from` that stay allowed.
 */
const boundaries = [
  {
    target: './src/exchanges',
    from: './src',
    except: ['./exchanges'],
    message: 'src/exchanges imports only itself.',
  },
  { target: './sim', from: './src', message: 'sim/ must not share the client code it exists to check.' },
  {
    target: './src/contracts',
    from: './src',
    except: ['./contracts', './exchanges'],
    message: 'contracts import only types from exchanges.',
  },
  {
    target: './src/platform',
    from: './src',
    except: ['./platform', './contracts'],
    message: 'platform imports only contracts.',
  },
  {
    target: './src/background',
    from: ['./src/popup', './src/options', './src/content', './src/ui'],
    message: 'The background never imports a UI.',
  },
  ...['popup', 'options', 'content', 'ui'].map((ui) => ({
    target: `./src/${ui}`,
    from: ['./src/background', './src/exchanges'],
    message: 'UIs talk to the background through contracts; never background, signing or socket code.',
  })),
  ...['background', 'popup', 'options'].map((entry) => ({
    target: `./entrypoints/${entry === 'background' ? 'background.ts' : entry}`,
    from: './src',
    except: [`./${entry}`],
    message: `entrypoints/${entry} imports only src/${entry}.`,
  })),
  {
    target: './entrypoints/overlay.content',
    from: './src',
    except: ['./content'],
    message: 'The overlay entry imports only src/content.',
  },
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
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['tsconfig.json', '*/tsconfig.json', 'src/exchanges/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(wxt/browser|webextension-polyfill)$',
              message: 'Extension APIs go through src/platform.',
            },
          ],
        },
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
