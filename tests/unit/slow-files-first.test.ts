import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { SLOW_FILES } from '../support/slow-files-first';

const root = path.resolve(import.meta.dirname, '../..');

test('every file the sequencer starts first exists (a renamed one would silently lose its place)', () => {
  expect(SLOW_FILES.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
});
