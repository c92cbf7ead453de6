import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Module boundaries (docs/decisions/029-module-boundaries.md). The folders are listed when lint
// starts, so a new feature or module is under the rules from its first file.
const root = import.meta.dirname;
const entriesIn = (dir) => readdirSync(`${root}/${dir}`, { withFileTypes: true });
const foldersIn = (dir) => entriesIn(dir).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const FEATURES = 'apps/web/src/features';
const MODULES = 'apps/server/src/modules';

/** A web feature is reached from another feature only through its index.ts (tests may also use its __tests__ helpers). */
const featureZones = ({ tests }) =>
  foldersIn(FEATURES).map((name) => ({
    target: `${FEATURES}/!(${name})/**`,
    from: `${FEATURES}/${name}`,
    except: tests ? ['./index.ts', './__tests__'] : ['./index.ts'],
    message: `Import the feature "${name}" through ${FEATURES}/${name}/index.ts, its public entry.`,
  }));

/**
 * A server module is reached from outside its folder only through its index.ts, which exports what
 * other code may call and never the routes: app.ts alone registers a module's <name>.routes.ts.
 * Routes use many modules, so an index that re-exported them would tie every module using it to all
 * of those and close import cycles.
 */
const moduleZones = ({ tests }) =>
  foldersIn(MODULES).flatMap((name) => {
    const entry = tests ? ['./index.ts', './__tests__'] : ['./index.ts'];
    const message = `Import the module "${name}" through ${MODULES}/${name}/index.ts, its public entry.`;
    const routes = entriesIn(`${MODULES}/${name}`).filter((file) => file.name.endsWith('.routes.ts')).map((file) => `./${file.name}`);
    return [
      { target: [`${MODULES}/!(${name})/**`, 'apps/server/src/!(modules)/**', 'apps/server/src/!(app).ts'], from: `${MODULES}/${name}`, except: entry, message },
      { target: 'apps/server/src/app.ts', from: `${MODULES}/${name}`, except: [...entry, ...routes], message },
    ];
  });

const boundaryZones = ({ tests }) => [
  {
    target: ['apps/web/src/components', 'apps/web/src/lib'],
    from: FEATURES,
    message: 'Shared components and lib import no feature: app/ passes what they need in by props or slots.',
  },
  ...featureZones({ tests }),
  ...moduleZones({ tests }),
];
const testFiles = ['**/__tests__/**', '**/*.test.{ts,tsx}', 'apps/server/src/testing/**'];

/**
 * Data access (docs/decisions/030-data-access-in-queries-files.md): a server module's Drizzle
 * statements live in its *.queries.ts files; services call them and hold the rules and the
 * transactions; routes call services. Elsewhere in a module only types come from drizzle-orm and
 * @myeai/db (DbOrTx, Database, a table's row type through `import { type table }`).
 */
const DATA_ACCESS_MESSAGE = "Drizzle statements and tables belong in the module's *.queries.ts; import only types here (decision 030).";
/** Modules not yet under the rule, each with why. Empty when every module complies. */
const dataAccessExceptions = [];

/**
 * Each workspace declares in its own package.json what its code imports (decision 029): its
 * source may use only its dependencies; its tests and build configuration may also use its
 * devDependencies and the root's (the shared test and build tools).
 */
const WORKSPACES = ['apps', 'packages'].flatMap((dir) => foldersIn(dir).map((name) => `${dir}/${name}`)).filter((dir) => entriesIn(dir).some((entry) => entry.name === 'package.json'));
const toolingFiles = [...testFiles, '**/src/test/**', '**/vite.config.ts', '**/drizzle.config.ts'];
const declaredDependencies = WORKSPACES.flatMap((workspace) => [
  {
    files: [`${workspace}/**/*.{ts,tsx}`],
    ignores: toolingFiles,
    rules: { 'import-x/no-extraneous-dependencies': ['error', { packageDir: [`${root}/${workspace}`], devDependencies: false, optionalDependencies: false, peerDependencies: false }] },
  },
  {
    files: toolingFiles.map((pattern) => `${workspace}/${pattern}`),
    rules: { 'import-x/no-extraneous-dependencies': ['error', { packageDir: [`${root}/${workspace}`, root], devDependencies: true }] },
  },
]);

/**
 * API paths are written once, as a <area>Paths constant beside the area's schemas in @myeai/domain
 * (docs/decisions/032-shared-web-utilities-and-api-paths.md): route files register the constant and
 * the web app fills it with apiPath. Tests may write the literal URL they expect.
 */
const API_PATH_MESSAGE = "Use the area's <area>Paths constant of @myeai/domain (apiPath(template, params) in the web app), not a path literal.";
const apiPathLiterals = [
  { selector: 'Literal[value=/^\\/(api|ws)(\\/|\\?|$)/]', message: API_PATH_MESSAGE },
  { selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(api|ws)(\\/|\\?|$)/]', message: API_PATH_MESSAGE },
];
const webSyntax = [
  { selector: "CallExpression[callee.name=/^(alert|confirm|prompt)$/]", message: 'Use a toast or a confirm dialog.' },
  { selector: "MemberExpression[object.name='Math'][property.name='random']", message: 'Never show random figures.' },
];

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
      // Cycles through installed packages are not ours to fix, and walking their bundles is slow.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
      'no-restricted-syntax': ['error', ...webSyntax],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: { 'no-restricted-syntax': ['error', ...webSyntax, ...apiPathLiterals] },
  },
  {
    files: [`${MODULES}/**/*.ts`],
    ignores: testFiles,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...apiPathLiterals,
        // Decision 047: a routes file opens with zodRoutes(root) (module-routes.ts), one way.
        { selector: "MemberExpression[property.name='withTypeProvider']", message: 'Open the routes with zodRoutes(root) from module-routes.ts (decision 047).' },
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
    files: [`${MODULES}/*/index.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['./*.routes.ts'], message: 'app.ts registers the routes; a module index.ts does not export them.' }] }],
    },
  },
  ...declaredDependencies,
  {
    files: [`${MODULES}/**/*.ts`],
    ignores: [...testFiles, `${MODULES}/**/*.queries.ts`, ...dataAccessExceptions.map(({ module }) => `${MODULES}/${module}/**`)],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@myeai/db', allowTypeImports: true, message: DATA_ACCESS_MESSAGE }],
          patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: DATA_ACCESS_MESSAGE }],
        },
      ],
    },
  },
  {
    files: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones({ tests: true }) }] },
  },
);
