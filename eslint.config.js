import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Module boundaries (docs/decisions/029-module-boundaries.md). The folders are read when lint
// starts, so a new feature or module is under the rules from its first file.
const root = import.meta.dirname;
const foldersIn = (dir) =>
  readdirSync(`${root}/${dir}`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/**
 * Zones: from anywhere in `everywhere` or a sibling folder, `<parent>/<name>/` is reached only through
 * its index.ts (and, from tests, also through its __tests__ helpers).
 */
const publicEntryZones = (parent, everywhere, what, { tests }) =>
  foldersIn(parent).map((name) => ({
    target: [...everywhere, `${parent}/!(${name})/**`],
    from: `${parent}/${name}`,
    except: tests ? ['./index.ts', './__tests__'] : ['./index.ts'],
    message: `Import the ${what} "${name}" through ${parent}/${name}/index.ts, its public entry.`,
  }));

const boundaryZones = ({ tests }) => [
  {
    target: ['apps/web/src/components', 'apps/web/src/lib'],
    from: 'apps/web/src/features',
    message: 'Shared components and lib import no feature: app/ passes what they need in by props or slots.',
  },
  ...publicEntryZones('apps/web/src/features', [], 'feature', { tests }),
  ...publicEntryZones('apps/server/src/modules', ['apps/server/src/!(modules)/**', 'apps/server/src/*.ts'], 'module', { tests }),
];
const testFiles = ['**/__tests__/**', '**/*.test.{ts,tsx}', 'apps/server/src/testing/**'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'packages/db/migrations/**', 'test-results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver()],
      // Without these the dependency graph stops at the first .ts file and no-cycle sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones({ tests: false }) }],
      'import-x/no-cycle': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name=/^(alert|confirm|prompt)$/]", message: 'Use a toast or a confirm dialog.' },
        { selector: "MemberExpression[object.name='Math'][property.name='random']", message: 'Never show random figures.' },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/env.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/testing/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in env.ts only.' }],
    },
  },
  {
    // One source per fact (docs/decisions/034-one-source-per-fact-and-libraries.md): a value set
    // the database enforces (an enum, a CHECK list) is the domain's tuple, never restated here.
    files: ['packages/db/src/schema/**/*.ts'],
    ignores: ['packages/db/src/schema/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='pgEnum'] > ArrayExpression", message: "Build the enum from the domain's tuple (import it from @myeai/domain)." },
        { selector: "CallExpression[callee.name='check'] ArrayExpression:has(> Literal)", message: "Build the CHECK list from the domain's tuple with oneOf(column, TUPLE)." },
        { selector: "CallExpression[callee.name='check'] TemplateElement[value.raw=/\\bin\\s*\\(\\s*'/i]", message: "Build the CHECK list from the domain's tuple with oneOf(column, TUPLE), not a list written in SQL." },
      ],
    },
  },
  {
    files: ['apps/server/src/server.ts', 'bench/**', 'e2e/**', '.ci/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones({ tests: true }) }] },
  },
);
