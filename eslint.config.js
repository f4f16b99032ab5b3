// Import boundaries are the architecture (docs/architecture.md, "The parts"): each folder may reach only the
// folders below it, so a browser bundle never pulls in server code and handlers never import the stack.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Patterns for imports whose path climbs into one of the named top-level folders. */
const into = (folders, why) => folders.map((folder) => ({ group: [`**/${folder}`, `**/${folder}/**`], message: why }));

/** Forbids imports whose path climbs into one of the named top-level folders. */
function forbid(folders, why) {
  return { 'no-restricted-imports': ['error', { patterns: into(folders, why) }] };
}

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
            { group: ['@aws-sdk/*'], message: DOMAIN_RULE },
          ],
        },
      ],
      // Stripe's types describe what the ports carry; its SDK (a client, its error classes) stays outside.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'stripe', message: DOMAIN_RULE, allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ['web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(['functions', 'infra', 'tests'], 'web/ may import only shared/.'),
    },
  },
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
              group: ['**/web', '**/web/**', '**/tests', '**/tests/**'],
              message: 'infra/ may not import web/ or tests/.',
            },
            {
              regex: String.raw`(^|/)functions/(?!catalog$)`,
              message: 'infra/ reads functions/catalog.ts only; handlers are loaded by their catalogue entry.',
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
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  prettier,
);
