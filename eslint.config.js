import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { areaSurfaceZones, PLUMBING } from './scripts/lint/area-surface.mjs';
import { tableOwnersPlugin } from './scripts/lint/table-owners.mjs';

/** Imports flow one way: contract <- server and contract <- web (DEVELOPERS standards). */
const restrictImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const serverNeverImportsWeb = {
  group: ['@portal/web', '**/web/src/**'],
  message: 'The server never imports the web app.',
};

const root = import.meta.dirname;
/** The folders directly under `dir`, read at each run so a new feature or area is zoned at once. */
const foldersOf = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const zones = (list) => ({ 'import-x/no-restricted-paths': ['error', { basePath: root, zones: list }] });

/**
 * Web features stand side by side: a screen can be changed, moved or dropped without reading
 * another feature, and what two of them share has one home that both can see (src/lib/, or the
 * contract when the server applies the same rule). The layers below the features never reach up.
 */
const webZones = zones([
  ...foldersOf('apps/web/src/features').map((feature) => ({
    target: `apps/web/src/features/${feature}`,
    from: 'apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature imports no other feature: move what both use to src/lib/ (or to the contract).',
  })),
  {
    target: ['apps/web/src/lib', 'apps/web/src/components', 'apps/web/src/ssr'],
    from: 'apps/web/src/features',
    message: 'lib/, components/ and ssr/ sit below the features and import none of them.',
  },
]);

/**
 * A server area's repository holds its queries; another area asks the area's service, so the
 * rules that go with the tables (locks, audit rows, cache bumps) cannot be skipped from outside.
 * Areas go further: of another area they import only its services and the few modules it
 * publishes (scripts/lint/area-surface.mjs); the shared plumbing only keeps out of repositories.
 */
const serverSrc = path.join(root, 'apps/server/src');
const serverFolders = foldersOf('apps/server/src');
const serverZones = zones([
  ...serverFolders
    .filter((folder) => PLUMBING.includes(folder))
    .map((folder) => ({
      target: `apps/server/src/${folder}`,
      from: `${serverSrc}/*/**/*-repository.ts`,
      except: [`${serverSrc}/${folder}/**`],
      message: "Another area's queries: call its service instead.",
    })),
  ...areaSurfaceZones(serverSrc, serverFolders),
]);

/** Dollars and cents convert in one place; see the rule's block below. */
const moneySelectors = [
  {
    selector: "BinaryExpression[operator='*'][right.value=100]",
    message: 'Dollars to cents: use dollarsToCents, dollarsToNearestCents or a dollarsAsCents schema.',
  },
  {
    selector: "BinaryExpression[operator='/'][right.value=100][left.type!='BinaryExpression']",
    message: 'Cents to dollars: use centsToDollars or formatCents.',
  },
];

/**
 * Padding, or also text size, among class names, with any variant prefix (`sm:px-3`): esquery
 * regular expressions.
 */
const PADDING_CLASS = String.raw`/(^|[\s:])p[xytrblse]?-/`;
const SIZE_CLASS = String.raw`/(^|[\s:])(p[xytrblse]?-|text-(xs|sm|base|lg|[2-9]?xl)(\s|$))/`;
/** A rule against `pattern` in any string or template under `within`. */
const classesIn = (within, pattern, message) =>
  [`Literal[value=${pattern}]`, `TemplateElement[value.raw=${pattern}]`].map((node) => ({
    selector: `${within} ${node}`,
    message,
  }));

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    // A cycle makes the order modules run in matter (a value read before its module has run is
    // undefined) and ties two files so neither can be understood or moved alone. Type-only
    // imports are not followed (they vanish from the build), so keep types in files of their own.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: webZones,
  },
  {
    files: ['apps/server/src/**/*.ts'],
    // Tests set up their state through any area's queries; the zones are about the running code.
    ignores: ['**/*.test.ts'],
    plugins: { tables: tableOwnersPlugin(serverSrc) },
    rules: { ...serverZones, 'tables/writes-by-owner': 'error', 'tables/reads-listed': 'error' },
  },
  {
    // Dollars become cents in one place (the contract's money.ts), so a rounding rule cannot differ.
    // Percentages are written `(x * p) / 100`, which the second selector leaves alone.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    // Tests may compute an expected amount their own way, as a check on money.ts.
    ignores: ['packages/contract/src/money.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...moneySelectors] },
  },
  {
    // A button's padding and text size, an input's padding, are props (`size`, `compact`): `cn`
    // joins classes without resolving conflicts, and Tailwind's CSS order, not the class order,
    // would pick the padding, so one passed in as a class silently did nothing.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...moneySelectors,
        ...classesIn(
          "JSXOpeningElement[name.name=/^(Button|SubmitButton|ChangeButton)$/] > JSXAttribute[name.name='className']",
          SIZE_CLASS,
          "A button's padding and text size come from its size prop (lg, md, sm, xs).",
        ),
        ...classesIn(
          "CallExpression[callee.name='buttonClass']",
          SIZE_CLASS,
          "A button's padding and text size come from buttonClass's size (lg, md, sm, xs).",
        ),
        ...classesIn(
          ":matches(CallExpression[callee.name='inputClass'], JSXAttribute[name.name='inputClassName'])",
          PADDING_CLASS,
          "An input's padding comes from inputClass's compact option.",
        ),
        ...classesIn(
          "CallExpression[callee.name='cn']:has(> CallExpression[callee.name=/^(buttonClass|inputClass)$/])",
          PADDING_CLASS,
          'Padding beside buttonClass or inputClass loses to theirs: use their size or compact option.',
        ),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['apps/server/**', 'scripts/**', 'e2e/**', 'bench/**', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['packages/contract/**'],
    rules: restrictImports([{ group: ['@portal/*', '**/apps/**'], message: 'The contract package imports only zod.' }]),
  },
  {
    files: ['apps/server/**'],
    rules: restrictImports([serverNeverImportsWeb]),
  },
  {
    // An area's queries are in its repository, so what reads or writes a table is found in one
    // place per area, and the rules around it (locks, audit rows, cache bumps) in its service.
    // db/ holds the schema and the few column lists and conditions several repositories share.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-repository.ts', 'apps/server/src/db/**'],
    rules: restrictImports([
      serverNeverImportsWeb,
      {
        group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/tables/*'],
        message: "Queries and tables belong in the area's *-repository.ts; call it from the service.",
      },
    ]),
  },
  {
    // A repository names the file each table comes from, so whose table it reads or writes shows
    // in its imports (and the write rule above can tell). db/ itself may use the whole schema.
    files: ['apps/server/src/**/*-repository.ts'],
    rules: restrictImports([
      serverNeverImportsWeb,
      {
        group: ['**/db/schema'],
        message: 'Import each table from db/tables/<area that owns it>, so the owner shows in the import.',
      },
    ]),
  },
  {
    files: ['apps/web/**'],
    rules: restrictImports([
      { group: ['@portal/server', '**/server/src/**'], message: 'The web app never imports the server.' },
      { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', 'fastify'], message: 'Server-only package.' },
    ]),
  },
);
