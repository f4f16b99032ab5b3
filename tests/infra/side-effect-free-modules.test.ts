/**
 * The functions' bundling declares shared/contracts and functions/domain free of side effects, so a function
 * carries only the schemas and rules it reaches (docs/decisions.md #101). That holds while their modules only
 * define: every top-level statement an import, an export, or a declaration (a `const` may be built by calls,
 * `z.object(…)`, as long as nothing else needs it built). A statement that does something when the module
 * loads — `z.config(…)`, a registry write, a client's setup, a bare `import './x'` — would be dropped from a
 * bundle that uses none of the module's names, so it fails here instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['shared/contracts', 'functions/domain'];

const modules = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(REPO_ROOT, folder))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${folder}/${name}`),
);

/** A top-level statement that only defines, or imports/exports names (not a bare side-effect import). */
function onlyDefines(statement: ts.Statement): boolean {
  if (ts.isImportDeclaration(statement)) return statement.importClause !== undefined;
  return (
    ts.isVariableStatement(statement) ||
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isExportDeclaration(statement) ||
    ts.isImportEqualsDeclaration(statement) ||
    ts.isEmptyStatement(statement)
  );
}

/** Top-level statements of a module's source that do something when it loads, as `line: text`. */
function topLevelWork(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  return file.statements
    .filter((statement) => !onlyDefines(statement))
    .map(
      (statement) =>
        `${file.getLineAndCharacterOfPosition(statement.getStart()).line + 1}: ${statement.getText().slice(0, 80)}`,
    );
}

describe('modules the bundling declares free of side effects', () => {
  it('finds the modules', () => {
    expect(modules.filter((module) => module.startsWith('shared/contracts/')).length).toBeGreaterThan(10);
    expect(modules.filter((module) => module.startsWith('functions/domain/')).length).toBeGreaterThan(10);
  });

  it('tells a module that does something at load from one that only defines', () => {
    expect(topLevelWork('a.ts', "import * as z from 'zod';\nexport const a = z.string();\n")).toEqual([]);
    expect(topLevelWork('b.ts', "import * as z from 'zod';\nz.config({});\n")).toEqual(['2: z.config({});']);
    expect(topLevelWork('c.ts', "import './polyfill';\n")).toEqual(["1: import './polyfill';"]);
  });

  it.each(modules)('%s only defines', (module) => {
    expect(topLevelWork(module, readFileSync(path.join(REPO_ROOT, module), 'utf8'))).toEqual([]);
  });
});
