// ESLint flat config: typescript-eslint (type-aware where cheap), React hooks rules, and no import cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The feature folders of one side (`src/web/features`, `src/server`), read from the tree. */
const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Import boundaries (import-x/no-restricted-paths; ADR 021, issue 44 item 3: layers only point down). Web, from
 * the top: `app` → features → `common` → `platform` → `components`. A feature imports only itself, the layers
 * below and `src/core`; screens that show another feature's part get it composed in by `app/routes.tsx`, which
 * nothing imports. Server: a feature's `routes.ts` is wired by `app.ts` alone (other features call its services,
 * never its routes); `http/`, `db/`, `context.ts` and `config.ts` import no feature. Web and server never import
 * each other.
 */
const boundaries = [
  ...folders('./src/web/features').map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message:
      'Features do not import each other: move what both need to src/web/common or compose in app/routes.tsx.',
  })),
  {
    target: ['./src/web/common', './src/web/components', './src/web/platform'],
    from: './src/web/features',
    message: 'common, components and platform sit below the features and import none of them.',
  },
  {
    target: ['./src/web/features', './src/web/common', './src/web/components', './src/web/platform'],
    from: './src/web/app',
    message: 'app/ composes the features and nothing imports it; the API client is platform/api.ts.',
  },
  {
    target: ['./src/web/components', './src/web/platform'],
    from: './src/web/common',
    message: 'platform and components sit below common and import none of it.',
  },
  {
    target: './src/web/components',
    from: './src/web/platform',
    message: 'components (UI) are the ground floor: platform imports them, not the other way round.',
  },
  {
    target: './src/server/*/**/!(*.test).ts',
    from: './src/server/*/routes.ts',
    except: [],
    message: "A feature's routes are wired by src/server/app.ts alone; call its service instead.",
  },
  {
    target: [
      './src/server/http/**/!(*.test).ts',
      './src/server/db/**/!(*.test).ts',
      './src/server/context.ts',
      './src/server/config.ts',
    ],
    from: './src/server',
    except: ['./http', './db', './context.ts', './config.ts'],
    message: 'http/, db/, context.ts and config.ts sit below the features and import none of them.',
  },
  { target: './src/web', from: './src/server', message: 'The web app talks to the server over HTTP only.' },
  { target: './src/server', from: './src/web', message: 'The server does not import the web app.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
      // Capacitor's generated Android project (npm run cap:sync copies the built web app into it).
      'android',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    // Imports name their .ts files, so Node's own resolution finds them.
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // src/core is pure: it must not reach into the server, the web app or Node's I/O modules.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**'],
              message: 'src/core is pure and imports neither server nor web.',
            },
            {
              group: ['node:*', 'fs', 'path', 'pg', '@electric-sql/*', 'fastify'],
              message: 'src/core does no I/O.',
            },
          ],
        },
      ],
    },
  },
);
