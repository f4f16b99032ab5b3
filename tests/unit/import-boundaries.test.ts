import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint config is the architecture's import rules; this proves it refuses what it should.
const eslint = new ESLint();

async function importErrors(filePath: string, importPath: string) {
  const [result] = await eslint.lintText(`import * as probe from '${importPath}';\nexport const used = probe;\n`, {
    filePath,
  });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports');
}

describe('import boundaries', () => {
  it.each([
    ['shared/probe.ts', '../functions/catalog'],
    ['shared/probe.ts', '../web/src/main'],
    ['functions/http/probe.ts', '../../infra/tables'],
    ['functions/http/probe.ts', '../../web/src/main'],
    ['web/src/probe.ts', '../../functions/catalog'],
    ['web/src/probe.ts', '../../infra/tables'],
    ['infra/local/probe.ts', '../../functions/http/health'],
    ['infra/probe.ts', '../web/src/main'],
  ])('%s may not import %s', async (file, target) => {
    expect(await importErrors(file, target)).toHaveLength(1);
  });

  it.each([
    ['functions/http/probe.ts', '../../shared/brand'],
    ['web/src/probe.ts', '../../shared/brand'],
    ['infra/probe.ts', '../functions/catalog'],
    ['infra/probe.ts', './tables'],
    ['infra/local/probe.ts', '../../shared/brand'],
  ])('%s may import %s', async (file, target) => {
    expect(await importErrors(file, target)).toHaveLength(0);
  });
});
