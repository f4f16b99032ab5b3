/**
 * CI runs the vitest projects in two parts, each named in .ci/run (some beside lint, the rest once the deploy
 * rehearsal has made what they read: docs/decisions.md #229). A project added to vitest.config.ts but to neither
 * list would pass every run without ever running in CI; one named in both would run twice.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The projects vitest.config.ts defines: each is `name: '…'` in its `projects` list. */
const configuredProjects = (config: string) =>
  [...config.matchAll(/\bname: '([\w-]+)'/g)].map((match) => match[1]!).sort();
/** The projects a script runs: each `--project <name>` it passes. */
const projectsRun = (script: string) => [...script.matchAll(/--project ([\w-]+)/g)].map((match) => match[1]!).sort();

describe('CI and the vitest projects', () => {
  it('runs every project vitest.config.ts defines, once', () => {
    const configured = configuredProjects(readFileSync('vitest.config.ts', 'utf8'));
    expect(configured).toContain('unit');
    expect(configured).toContain('chaos');
    expect(projectsRun(readFileSync('.ci/run', 'utf8'))).toEqual(configured);
  });
});
