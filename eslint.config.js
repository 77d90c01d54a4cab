import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way: contract <- server and contract <- web (DEVELOPERS standards). */
const restrictImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
    // Dollars become cents in one place (the contract's money.ts), so a rounding rule cannot differ.
    // Percentages are written `(x * p) / 100`, which the second selector leaves alone.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    // Tests may compute an expected amount their own way, as a check on money.ts.
    ignores: ['packages/contract/src/money.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='*'][right.value=100]",
          message: 'Dollars to cents: use dollarsToCents, dollarsToNearestCents or a dollarsAsCents schema.',
        },
        {
          selector: "BinaryExpression[operator='/'][right.value=100][left.type!='BinaryExpression']",
          message: 'Cents to dollars: use centsToDollars or formatCents.',
        },
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
    rules: restrictImports([
      { group: ['@portal/web', '**/web/src/**'], message: 'The server never imports the web app.' },
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
