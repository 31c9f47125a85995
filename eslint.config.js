import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Web layers (bulletproof-react; docs/decisions/014-web-layers.md). Imports point one way:
// src/app -> src/features -> src/components -> src/lib. src/components and src/lib are shared
// and never import a feature or the app; the API calls they need (the session, the asset list,
// the watchlist, follows, notifications) live in src/lib/api/. A feature is private except for
// two doors other features may use: its api/ files (one per API call) and its index.ts, which
// names the few components it offers (features/trading/index.ts: the trade panel and the trade
// dialog). index.ts rather than more files under api/, because api/ holds only API calls; and
// one named file rather than any file, so a feature's insides stay free to change. Only src/app
// wires features together, and nothing imports src/app. ESLint sees the import text, not the
// resolved file, so a feature file's depth says how many "../" lead out of it.
const webAppImport = {
  regex: '^(\\.\\./)+app/',
  message: 'Only src/app imports src/app: pass what you need down, or move it to src/lib.',
};
const sharedFeatureImport = {
  regex: '^(\\.\\./)+features/',
  message:
    'src/components and src/lib never import a feature: move the API call to src/lib/api/, the widget into the feature that uses it, or pass data and callbacks down as props.',
};
const featureFiles = [1, 2, 3].map((depth) => ({
  files: [`packages/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth}}(?!\\.\\./)[^/]+/(?!api/|index\\.ts$)`,
            message:
              "Another feature's internals: use its api/ files or its index.ts, or move the shared piece to src/components or src/lib.",
          },
          webAppImport,
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify hooks and handlers are async by contract even when they have nothing to await.
      '@typescript-eslint/require-await': 'off',
      // Fastify route handlers and React event handlers are legitimately async callbacks.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      // The domain is pure: no I/O, and it imports neither the server nor the web app.
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', '@papertrade/server', '@papertrade/web', 'react'] },
      ],
    },
  },
  {
    // One transaction discipline (packages/server/src/db/transaction.ts): its lock order and its
    // retry hold only if nothing opens a transaction another way.
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/db/transaction.ts',
      'packages/server/src/**/*.test.ts',
      'packages/server/test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message:
            'Open transactions with inTransaction / inUserTransaction from src/db/transaction.ts.',
        },
      ],
    },
  },
  {
    // No import cycles in the web app (docs/decisions/014-web-layers.md): a cycle makes a module
    // run before the one it imports has, so the value it reads is undefined. Type-only imports
    // are erased by the build and do not count; a lazy import() runs later, so it does not either.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      'import-x/no-cycle': [
        'error',
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true },
      ],
    },
  },
  ...featureFiles,
  {
    // Server layers, as the web app's: no import cycles, and a feature reaches another only through
    // its door (below). The rule skips type-only imports; src/import-cycles.test.ts counts them
    // too, so a type two modules share lives in a file of its own (users/stored-point.ts).
    files: ['packages/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      'import-x/no-cycle': [
        'error',
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true },
      ],
    },
  },
  {
    // A server feature (src/features/<name>/) is private except for its public.ts, which names
    // what other features may use (contests/public.ts: the contest rules trading checks;
    // auth/public.ts: what the account routes need). auth's request guards (guard.ts) are the
    // one other door: every feature's routes use them. Tests may reach into another feature's
    // test kits and internals.
    files: ['packages/server/src/features/*/*.ts'],
    ignores: ['packages/server/src/features/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)(?!auth/guard\\.ts$)[^/]+/(?!public\\.ts$)',
              message:
                "Another feature's internals: import its public.ts (add what you need there), or move the shared piece out of features/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [sharedFeatureImport, webAppImport] }],
    },
  },
  {
    files: ['packages/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            sharedFeatureImport,
            webAppImport,
            {
              regex: '^(\\.\\./)+components/',
              message: 'src/lib is the bottom layer: it never imports src/components.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
