// Import boundaries are the architecture (docs/architecture.md, "The parts"): each folder may reach only the
// folders below it, so a browser bundle never pulls in server code and handlers never import the stack.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Forbids imports whose path climbs into one of the named top-level folders. */
function forbid(folders, why) {
  return {
    'no-restricted-imports': [
      'error',
      { patterns: folders.map((folder) => ({ group: [`**/${folder}`, `**/${folder}/**`], message: why })) },
    ],
  };
}

export default tseslint.config(
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
  prettier,
);
