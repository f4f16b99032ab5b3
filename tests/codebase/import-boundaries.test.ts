import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The lint config is the architecture's import rules; this proves it refuses what it should.
// The probes are text for files that do not exist, which the type-aware rules' project cannot hold: they
// judge imports only, so those rules (and the type information they need) are left out here.
const UNTYPED = {
  languageOptions: { parserOptions: { projectService: false } },
  rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
} as const;
const eslint = new ESLint({ overrideConfig: UNTYPED });
const BOUNDARY_RULES = ['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'no-restricted-syntax'];
// The boundary probes read only the rules above: without the import-circle rule, which followed each probe's
// import through the whole graph behind it (all of web/ behind @web/main) for findings nobody read, and took
// most of this file's time. The circles are probed below, with it.
const boundaryEslint = new ESLint({
  overrideConfig: { ...UNTYPED, rules: { ...UNTYPED.rules, 'import-x/no-cycle': 'off' } },
});

async function importErrors(filePath: string, source: string) {
  const [result] = await boundaryEslint.lintText(source, { filePath });
  return result!.messages.filter((message) => BOUNDARY_RULES.includes(message.ruleId ?? ''));
}

const importAll = (importPath: string) => `import * as probe from '${importPath}';\nexport const used = probe;\n`;

// ESLint with the TypeScript resolver takes a while on its first file.
describe('import boundaries', { timeout: 30_000 }, () => {
  it.each([
    ['shared/probe.ts', '../functions/catalog'],
    ['shared/probe.ts', '@functions/catalog'],
    ['shared/probe.ts', '@web/main'],
    ['functions/http/probe.ts', '@infra/tables'],
    ['functions/http/probe.ts', '@web/main'],
    ['functions/http/probe.ts', '@tests/support/mailbox'],
    ['web/src/probe.ts', '@functions/catalog'],
    ['web/src/probe.ts', '@infra/tables'],
    ['infra/local/probe.ts', '@functions/http/health'],
    ['infra/probe.ts', '../functions/http/health'],
    ['infra/probe.ts', '@web/main'],
    // The domain reaches stores, Stripe and the catalogue only through ports its callers pass in.
    ['functions/domain/probe.ts', '../adapters/merchant-store'],
    ['functions/domain/probe.ts', '@functions/adapters/merchant-store'],
    ['functions/domain/probe.ts', '../http/http-handler'],
    ['functions/domain/probe.ts', '../catalog'],
    ['functions/domain/probe.ts', '@functions/catalog'],
    ['functions/domain/probe.ts', '@aws-sdk/lib-dynamodb'],
    ['functions/domain/probe.ts', 'stripe'],
    ['functions/domain/probe.ts', '@infra/tables'],
    // A feature uses another only through its public file.
    ['web/src/features/payment-links/components/probe.tsx', '@web/features/subscription/components/subscription-gate'],
    // Climbing two folders or more names the target by alias instead.
    ['functions/http/probe.ts', '../../shared/brand'],
    ['web/src/features/payer/components/probe.tsx', '../../../lib/cn'],
  ])('%s may not import %s', async (file, target) => {
    expect(await importErrors(file, importAll(target))).toHaveLength(1);
  });

  it.each([
    ['functions/http/probe.ts', '@shared/brand'],
    ['functions/http/probe.ts', '../adapters/merchant-store'],
    ['functions/domain/probe.ts', './payments'],
    ['functions/domain/probe.ts', '@functions/domain/payments'],
    ['functions/domain/probe.ts', '@shared/brand'],
    ['web/src/probe.ts', '@shared/brand'],
    ['web/src/features/payment-links/components/probe.tsx', '@web/features/subscription'],
    ['web/src/features/payment-links/components/probe.tsx', '@web/features/payment-links/payment-links-strings'],
    ['web/src/features/payer/components/probe.tsx', '@web/lib/cn'],
    ['infra/probe.ts', '@functions/catalog'],
    ['infra/probe.ts', './tables'],
    ['infra/local/probe.ts', '@shared/brand'],
  ])('%s may import %s', async (file, target) => {
    expect(await importErrors(file, importAll(target))).toHaveLength(0);
  });

  it("the domain may not name even Stripe's types: its port declares what it reads", async () => {
    const source = "import type Stripe from 'stripe';\nexport type Session = Stripe.Checkout.Session;\n";
    expect(await importErrors('functions/domain/probe.ts', source)).toHaveLength(1);
  });

  it("schemas come from zod/mini: classic zod would carry all of itself into every function's bundle", async () => {
    const named = "import { z } from 'zod';\nexport const name = z.string();\n";
    const classic = "import * as z from 'zod';\nexport const name = z.string();\n";
    const mini = "import * as z from 'zod/mini';\nexport const name = z.string();\n";
    const typeOnly = "import type { z } from 'zod';\nexport type Name = z.infer<z.ZodString>;\n";
    expect(await importErrors('shared/probe.ts', named)).toHaveLength(1);
    expect(await importErrors('shared/probe.ts', classic)).toHaveLength(1);
    expect(await importErrors('shared/probe.ts', mini)).toHaveLength(0);
    expect(await importErrors('web/src/probe.ts', typeOnly)).toHaveLength(0);
  });
});

describe('import circles', () => {
  // Real files, since the rule follows imports on disk; inside the project so its lint config applies.
  let folder = '';
  beforeAll(() => {
    folder = mkdtempSync(path.join(import.meta.dirname, 'cycle-probe-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses two files that import each other', async () => {
    writeFileSync(path.join(folder, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(path.join(folder, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const [result] = await eslint.lintFiles([path.join(folder, 'a.ts')]);
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });

  it('refuses a circle of three closed through a path alias, as the old ones were', async () => {
    const aliased = `@tests/codebase/${path.basename(folder)}/e`;
    writeFileSync(path.join(folder, 'e.ts'), "import { f } from './f';\nexport const e = () => f;\n");
    writeFileSync(path.join(folder, 'f.ts'), "import { g } from './g';\nexport const f = () => g;\n");
    writeFileSync(path.join(folder, 'g.ts'), `import { e } from '${aliased}';\nexport const g = () => e;\n`);
    const [result] = await eslint.lintFiles([path.join(folder, 'e.ts')]);
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });

  it('lets a file import one that imports nothing back', async () => {
    writeFileSync(path.join(folder, 'c.ts'), "import { d } from './d';\nexport const c = () => d;\n");
    writeFileSync(path.join(folder, 'd.ts'), 'export const d = 1;\n');
    const [result] = await eslint.lintFiles([path.join(folder, 'c.ts')]);
    expect(result!.messages.filter((message) => message.ruleId === 'import-x/no-cycle')).toEqual([]);
  });
});

describe('promises nobody awaits', { timeout: 60_000 }, () => {
  // A real file, since these rules read types; in a project of its own (the nearest tsconfig.json), so
  // the check does not load the whole repository's program.
  // Made before the tests, not while collecting them: a run that filters them all out (-t) runs no
  // afterAll either, and would leave the folder behind for prettier to find.
  let folder = '';
  beforeAll(() => {
    folder = mkdtempSync(path.join(import.meta.dirname, 'promise-probe-'));
    writeFileSync(
      path.join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, target: 'ES2023', lib: ['ES2023'], types: [] },
        include: ['*.ts'],
      }),
    );
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const typedEslint = new ESLint();

  it('refuses a floating promise and an async callback where a plain one is expected', async () => {
    const file = path.join(folder, 'handler.ts');
    writeFileSync(
      file,
      [
        'const save = async (): Promise<void> => undefined;',
        'export function handle(items: string[]) {',
        '  save();',
        '  items.forEach(async () => save());',
        '}',
        '',
      ].join('\n'),
    );
    const [result] = await typedEslint.lintFiles([file]);
    expect(result!.messages.map((message) => message.ruleId)).toEqual(
      expect.arrayContaining(['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-misused-promises']),
    );
  });
});
