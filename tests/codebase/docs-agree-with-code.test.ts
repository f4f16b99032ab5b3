/**
 * The project's writing checked against the code, where a machine can: every repository path a document
 * names exists, every decision the code or the docs cite exists and is not superseded (the records in
 * docs/decisions/, which docs/decisions.md indexes row for row), every code name a
 * document quotes is still in the code, every figure it quotes beside a constant's name is that constant's
 * value, and every `/api` route it names is in the catalogue. What this cannot see (a sentence that is
 * wrong in words, a figure quoted without its constant's name): CONTRIBUTING.md, "Keeping the docs true".
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog } from '@functions/catalog';

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const documents = tracked.filter((file) => file.endsWith('.md'));
/** The code, but not this file: its samples of stale claims are stale on purpose. */
const THIS_FILE = path.relative(process.cwd(), import.meta.filename);
const sources = tracked.filter(
  (file) => (/\.(ts|tsx|mjs|js|json)$/.test(file) || file === '.ci/run') && file !== THIS_FILE,
);
const read = (file: string) => readFileSync(file, 'utf8');

const DECISIONS = 'docs/decisions.md';
const RECORDS = 'docs/decisions/';
/** A decision record as its file says it: `# N. Title`, then `Status: …` on a line of its own. */
interface DecisionRecord {
  file: string;
  number: number;
  title: string;
  status: string;
}
function readRecord(file: string, text: string): DecisionRecord | string {
  const heading = /^# (\d+)\. (.+)$/m.exec(text);
  const status = /^Status: (.+)$/m.exec(text)?.[1];
  if (!heading || !status) return `${file} lacks its \`# N. Title\` heading or its \`Status:\` line`;
  const number = Number(heading[1]);
  if (!path.basename(file).startsWith(`${String(number).padStart(4, '0')}-`)) {
    return `${file} is named for another number than its heading's #${number}`;
  }
  return { file, number, title: heading[2]!.trim(), status: status.trim() };
}
/** Every record in docs/decisions/, on disk whether or not yet committed. */
function decisionRecords(): { records: DecisionRecord[]; problems: string[] } {
  const files = readdirSync(RECORDS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${RECORDS}${name}`);
  const readings = files.map((file) => readRecord(file, read(file)));
  return {
    records: readings.filter((record): record is DecisionRecord => typeof record !== 'string'),
    problems: readings.filter((record): record is string => typeof record === 'string'),
  };
}
/**
 * A record replaced by a later one says so on its status line: `Status: superseded by #N`. One only partly
 * replaced says `Status: accepted; partly superseded by #N (what)`, and the code may still cite it.
 */
const supersededBy = (status: string) => /^superseded by #(\d+)/i.exec(status)?.[1];

/** The index's rows: `| N | [Title](decisions/NNNN-title.md) | status |`. */
function indexRows(text: string): DecisionRecord[] {
  return [...text.matchAll(/^\|\s*(\d+)\s*\|\s*\[(.+)\]\((decisions\/[^)\s]+\.md)\)\s*\|\s*(.+?)\s*\|$/gm)].map(
    ([, number, title, file, status]) => ({
      file: `docs/${file!}`,
      number: Number(number),
      title: title!.trim(),
      status: status!.trim(),
    }),
  );
}
/** What differs between the index's rows and the records: a file missing from either, or another title or status. */
function indexProblems(rows: readonly DecisionRecord[], records: readonly DecisionRecord[]): string[] {
  const problems: string[] = [];
  const shown = (record: DecisionRecord) => `#${record.number} ${record.title} (${record.status})`;
  for (const record of records) {
    const row = rows.find((candidate) => candidate.file === record.file);
    if (!row) problems.push(`${record.file} is not in the index`);
    else if (shown(row) !== shown(record))
      problems.push(`the index says ${shown(row)}, ${record.file} says ${shown(record)}`);
  }
  for (const row of rows) {
    if (!records.some((record) => record.file === row.file))
      problems.push(`the index lists ${row.file}, which is no record`);
  }
  const numbers = records.map((record) => record.number);
  for (const number of new Set(numbers.filter((number, at) => numbers.indexOf(number) !== at))) {
    problems.push(`#${number} is the number of two records`);
  }
  return problems;
}

/** `decisions.md #12`, `decisions.md #12, #14`, `decisions.md #110–#112`, `[decisions.md #42](…)`. */
function citedDecisions(text: string): number[] {
  const cited: number[] = [];
  const citation = /decisions\.md\)?(?:\]\([^)]*\))?((?:[ ,]*(?:and |or )?#\d+(?:\s*[–-]\s*#?\d+)?)+)/g;
  for (const match of text.matchAll(citation)) {
    for (const range of match[1]!.matchAll(/#(\d+)(?:\s*[–-]\s*#?(\d+))?/g)) {
      const from = Number(range[1]);
      const to = range[2] ? Number(range[2]) : from;
      for (let number = from; number <= to; number++) cited.push(number);
    }
  }
  return cited;
}

/** Paths in backticks under a top-level folder, and relative Markdown links; globs and placeholders skipped. */
function namedPaths(document: string, text: string): string[] {
  const named: string[] = [];
  for (const [, quoted] of text.matchAll(/`((?:functions|web|shared|infra|tests|docs|bench|\.ci)\/[^`\s]+)`/g)) {
    const file = quoted!.replace(/[.,:;]+$/, '').split('#')[0]!;
    if (!/[*{}<>…]/.test(file)) named.push(file);
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s#]+)/g)) {
    if (!/^[a-z]+:/.test(target!)) named.push(path.normalize(path.join(path.dirname(document), target!)));
  }
  return named;
}

/**
 * Names the docs quote that are not ours to find in the code: AWS metrics, API actions, error codes and
 * states, and one name a decision records as it was before the change it describes.
 */
const NAMES_FROM_ELSEWHERE = new Set([
  'AWS_PROFILE',
  'IntegrationLatency',
  'DataProcessed',
  'ProvisionedThroughputExceeded',
  'ConcurrentExecutions',
  'ConnectCount',
  'MessageCount',
  'DisableRule',
  'DeleteMessage',
  'UPDATE_COMPLETE_CLEANUP_IN_PROGRESS',
  'ConflictException',
  // CDK's option that Code.fromAsset does not declare (decision #113 says why it is not used).
  'extraHash',
]);
/** camelCase or UPPER_SNAKE names in backticks: the shapes of our functions, constants and variables. */
function quotedCodeNames(text: string): string[] {
  return [...text.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)(?:\(\))?`/g)]
    .map((match) => match[1]!)
    .filter((name) => /[a-z][A-Z]/.test(name) || /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(name));
}

/** Every exported numeric constant in functions/, shared/ and infra/: `export const NAME = 1_000;`. */
function numericConstants(): Map<string, number> {
  const constants = new Map<string, number>();
  for (const file of sources.filter((source) => /^(functions|shared|infra)\/.*\.ts$/.test(source))) {
    for (const [, name, value] of read(file).matchAll(/export const ([A-Z][A-Z0-9_]+) = ([\d_]+(?:\.\d+)?);/g)) {
      constants.set(name!, Number(value!.replaceAll('_', '')));
    }
  }
  return constants;
}

const { records, problems: recordProblems } = decisionRecords();
const recordByNumber = new Map(records.map((record) => [record.number, record]));
const namesInCode = new Set(sources.flatMap((file) => read(file).match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []));
const constants = numericConstants();
const routeShape = (method: string, routePath: string) => `${method} ${routePath.replace(/\{[^}]*\}/g, '{}')}`;
const catalogueRoutes = new Set(
  catalog.flatMap((spec) => (spec.routes ?? []).map((route) => routeShape(route.method, route.path))),
);

/** Each check: a file's text → what is wrong in it. */
const checks = {
  missingPaths: (document: string, text: string) =>
    namedPaths(document, text)
      .filter((file) => !existsSync(file))
      .map((file) => `${file} does not exist`),
  badCitations: (file: string, text: string) =>
    citedDecisions(text).flatMap((number) => {
      const record = recordByNumber.get(number);
      if (!record) return [`#${number} does not exist`];
      const by = supersededBy(record.status);
      return by && !file.endsWith('.md') ? [`#${number} is superseded by #${by}`] : [];
    }),
  namesGone: (_document: string, text: string) =>
    quotedCodeNames(text)
      .filter((name) => !namesInCode.has(name) && !NAMES_FROM_ELSEWHERE.has(name))
      .map((name) => `${name} is not in the code`),
  wrongFigures: (_document: string, text: string) =>
    [...text.matchAll(/`([A-Z][A-Z0-9_]+)` \((\d[\d,]*)/g)].flatMap(([, name, figure]) => {
      const value = constants.get(name!);
      return value !== undefined && value !== Number(figure!.replaceAll(',', ''))
        ? [`${name} is ${value} in the code, ${figure} in the text`]
        : [];
    }),
  unknownRoutes: (_document: string, text: string) =>
    [...text.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`?\s]*)`/g)]
      .filter(([, method, routePath]) => !catalogueRoutes.has(routeShape(method!, routePath!)))
      .map(([quoted]) => `${quoted} is not in the catalogue`),
};
const problemsIn = (files: readonly string[], check: (file: string, text: string) => string[]) =>
  files.flatMap((file) => check(file, read(file)).map((problem) => `${file}: ${problem}`));

describe('the docs agree with the code', () => {
  it('every repository path a document names exists', () => {
    expect(problemsIn(documents, checks.missingPaths)).toEqual([]);
  });

  it('every decision cited in the code and the docs exists, and none the code cites is superseded', () => {
    expect(problemsIn([...sources, ...documents], checks.badCitations)).toEqual([]);
  });

  it('every decision record has its number, title and status, and the index lists each as its file says', () => {
    const namedInStatus = records.flatMap((record) =>
      [...record.status.matchAll(/#(\d+)/g)]
        .filter(([, number]) => !recordByNumber.has(Number(number)))
        .map(([, number]) => `${record.file}: its status names #${number}, which does not exist`),
    );
    expect([...recordProblems, ...namedInStatus, ...indexProblems(indexRows(read(DECISIONS)), records)]).toEqual([]);
  });

  it('every function, constant or variable name a document quotes is in the code', () => {
    expect(problemsIn(documents, checks.namesGone)).toEqual([]);
  });

  it('a figure quoted beside a constant’s name, `NAME` (1,000 …), is the constant’s value', () => {
    expect(problemsIn(documents, checks.wrongFigures)).toEqual([]);
  });

  it('every /api route a document names is in the catalogue', () => {
    expect(problemsIn(documents, checks.unknownRoutes)).toEqual([]);
  });
});

// Each check shown red on a stale claim of the kind it is for, so none of them passes by seeing nothing.
describe('the checks find stale claims', () => {
  it.each([
    ['a moved file', checks.missingPaths, 'docs/x.md', 'lives in `functions/domain/no-such-module.ts`'],
    ['a dropped decision', checks.badCitations, 'functions/x.ts', '(docs/decisions.md #58, #9999)'],
    ['a renamed function', checks.namesGone, 'docs/x.md', 'see `settlePaymentFromSessionOldName`'],
    ['a removed route', checks.unknownRoutes, 'docs/x.md', 'calls `DELETE /api/me/no-such-thing/{id}`'],
  ])('%s', (_kind, check, file, staleText) => {
    expect(check(file, staleText)).toHaveLength(1);
  });

  it('a changed limit', () => {
    const [name, value] = [...constants][0]!;
    expect(checks.wrongFigures('docs/x.md', `\`${name}\` (${value + 1} a run`)).toHaveLength(1);
    expect(checks.wrongFigures('docs/x.md', `\`${name}\` (${value.toLocaleString('en-NZ')} a run`)).toEqual([]);
  });

  it('a record left out of the index, or listed with another status', () => {
    const record = { file: 'docs/decisions/0058-places.md', number: 58, title: 'Places', status: 'accepted' };
    const row = (status: string) => `| 58 | [Places](decisions/0058-places.md) | ${status} |`;
    expect(indexProblems(indexRows(row('accepted')), [record])).toEqual([]);
    expect(indexProblems(indexRows(''), [record])).toHaveLength(1);
    expect(indexProblems(indexRows(row('superseded by #91')), [record])).toHaveLength(1);
    expect(readRecord('docs/decisions/0057-places.md', '# 58. Places\n\nStatus: accepted\n')).toEqual(
      expect.stringContaining('another number'),
    );
  });

  it('a citation of a superseded record from the code, not from the docs', () => {
    const file = 'docs/decisions/9998-replaced.md';
    recordByNumber.set(9998, { file, number: 9998, title: 'Replaced', status: 'superseded by #58' });
    try {
      expect(checks.badCitations('functions/x.ts', '(docs/decisions.md #9998)')).toEqual([
        '#9998 is superseded by #58',
      ]);
      expect(checks.badCitations('docs/x.md', '(decisions.md #9998)')).toEqual([]);
    } finally {
      recordByNumber.delete(9998);
    }
    expect(supersededBy('accepted; partly superseded by #114 (the resource counts)')).toBeUndefined();
  });

  it('reads citations as the code writes them', () => {
    expect(citedDecisions('docs/decisions.md #110–#112 and [decisions.md #42, #44](decisions.md)')).toEqual([
      110, 111, 112, 42, 44,
    ]);
  });
});
