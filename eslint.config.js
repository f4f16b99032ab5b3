// Import boundaries are the architecture (docs/architecture.md, "The parts"): each folder may reach only the
// folders below it, so a browser bundle never pulls in server code and handlers never import the stack.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Each top-level folder's path alias (tsconfig.json's paths). */
const ALIAS = { shared: '@shared', functions: '@functions', infra: '@infra', web: '@web', tests: '@tests' };

/** Patterns for imports that reach one of the named top-level folders, by its alias or by climbing into it. */
const into = (folders, why) =>
  folders.map((folder) => ({ group: [`${ALIAS[folder]}/*`, `**/${folder}`, `**/${folder}/**`], message: why }));

/** Forbids imports whose path climbs into one of the named top-level folders. */
function forbid(folders, why) {
  return { 'no-restricted-imports': ['error', { patterns: into(folders, why) }] };
}

const WEB_RULE = 'web/ may import only shared/.';
const FEATURE_RULE =
  "A feature reaches another only through that feature's public file (web/src/features/<name>/index.ts), never its insides.";
/** web/src/features/<name>: each a feature folder. */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const CLIMB_RULE =
  'An import that climbs two folders or more names its target by alias instead: @shared/…, @functions/…, @infra/…, @web/… (web/src) or @tests/….';
/** Import, re-export and dynamic import sources that start with ../../ */
const CLIMBING = String.raw`/^(\.\.\/){2}/`;

const ZOD_RULE =
  "Schemas come from zod/mini (import * as z from 'zod/mini'): classic zod is whole once one schema is built (~95 KB in each Lambda bundle), zod/mini only what a schema uses (docs/decisions.md #106). Types alone may come from 'zod'.";

const DOMAIN_RULE =
  'functions/domain holds the rules: it imports shared/ and itself only — stores, Stripe and the catalogue reach it as ports its callers pass in.';

export default defineConfig(
  { ignores: ['node_modules', '.tools', 'web/dist', 'cdk.out', '.data', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // With the types: a promise nobody awaits (a write that may fail unseen, or finish after the Lambda
    // froze) and a promise where a plain value is expected (an async onClick, an async callback to forEach).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['shared/**'],
    rules: forbid(
      ['functions', 'infra', 'web', 'tests'],
      'shared/ is imported by everyone and imports no other project folder.',
    ),
  },
  {
    files: ['functions/**'],
    rules: forbid(['infra', 'web', 'tests'], 'functions/ may import only shared/.'),
  },
  {
    files: ['functions/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...into(['infra', 'web', 'tests'], 'functions/ may import only shared/.'),
            // functions/ beside domain/ (its adapters, entry points, the catalogue), and the AWS SDK.
            { regex: String.raw`^\.\./(?!domain/|\.\./)`, message: DOMAIN_RULE },
            { regex: String.raw`^@functions/(?!domain/)`, message: DOMAIN_RULE },
            { group: ['@aws-sdk/*'], message: DOMAIN_RULE },
          ],
        },
      ],
      // Not even Stripe's types: what the rules read of Stripe is declared in domain/stripe-port.ts.
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'stripe', message: DOMAIN_RULE }] }],
    },
  },
  {
    files: ['web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(['functions', 'infra', 'tests'], WEB_RULE),
    },
  },
  // Features are rooms of their own: the app shell composes them, and one feature uses another only through
  // what that feature's index.ts exports.
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...into(['functions', 'infra', 'tests'], WEB_RULE),
            { regex: String.raw`^@web/features/(?!${feature}/)[^/]+/.`, message: FEATURE_RULE },
          ],
        },
      ],
    },
  })),
  {
    // The stack and the local runtime read the catalogue, the table specs and shared/ — never a handler
    // directly (the local runtime loads handlers by the catalogue's entry paths).
    files: ['infra/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@web/*', '**/web', '**/web/**', '@tests/*', '**/tests', '**/tests/**'],
              message: 'infra/ may not import web/ or tests/.',
            },
            {
              regex: String.raw`(^|/|@)functions/(?!(catalog|function-spec|environment)$)`,
              message:
                'infra/ reads the catalogue (functions/catalog.ts, function-spec.ts, environment.ts) only; handlers are loaded by their catalogue entry.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import circles anywhere: each one hides an order of initialisation and a muddled responsibility.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves tsconfig.json's path aliases as TypeScript does.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    // Config files are loaded by tools that do not read tsconfig.json's paths; they sit one folder down.
    ignores: ['web/vite.config.ts', 'web/page-routes-plugin.ts', 'web/prerender-pages-plugin.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `ImportDeclaration[source.value=${CLIMBING}]`, message: CLIMB_RULE },
        { selector: `ExportNamedDeclaration[source.value=${CLIMBING}]`, message: CLIMB_RULE },
        { selector: `ExportAllDeclaration[source.value=${CLIMBING}]`, message: CLIMB_RULE },
        { selector: `ImportExpression[source.value=${CLIMBING}]`, message: CLIMB_RULE },
        {
          selector: "ImportDeclaration[source.value='zod'][importKind='value']",
          message: ZOD_RULE,
        },
      ],
    },
  },
  prettier,
);
