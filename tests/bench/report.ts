/**
 * What `npm run bench` reports: every figure in bench/results.json under its section, and one table — a row
 * per figure with its value and the command that produced it — printed at the end and written into the
 * README between the `bench:start` and `bench:end` markers, so the README always shows the latest run.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

export interface BenchRow {
  figure: string;
  value: string;
  command: string;
}

const README_START = '<!-- bench:start -->';
const README_END = '<!-- bench:end -->';

export class BenchReport {
  readonly measuredAt = new Date().toISOString();
  private readonly sections: Record<string, unknown> = {};
  private readonly rows: BenchRow[] = [];

  /** Keeps a section's figures for results.json. */
  section(name: string, figures: unknown) {
    this.sections[name] = figures;
  }

  row(figure: string, value: string, command: string) {
    this.rows.push({ figure, value, command });
  }

  print() {
    const widths = (['figure', 'value'] as const).map((key) => Math.max(...this.rows.map((row) => row[key].length)));
    console.log(`\nBench summary (${this.measuredAt})`);
    for (const { figure, value, command } of this.rows) {
      console.log(`  ${figure.padEnd(widths[0]!)}  ${value.padEnd(widths[1]!)}  ${command}`);
    }
  }

  /** Writes every figure as JSON. */
  async writeJson(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    const json = { measuredAt: this.measuredAt, machine: machine(), ...this.sections, table: this.rows };
    await writeFormatted(file, JSON.stringify(json));
  }

  /** Replaces the README's table between the markers with this run's, formatted as the repository's Prettier would. */
  async writeReadme(file: string) {
    const readme = readFileSync(file, 'utf8');
    const start = readme.indexOf(README_START);
    const end = readme.indexOf(README_END);
    if (start < 0 || end < start) throw new Error(`${file} has no ${README_START} … ${README_END} block for the bench`);
    const cell = (text: string) => text.replaceAll('|', '\\|');
    // `npm run bench (…how)` reads as the command, in code, then how it measured, in words.
    const commandCell = (command: string) => {
      const [, run = command, how = ''] = /^(npm run \S+)(.*)$/.exec(command) ?? [];
      return `\`${cell(run)}\`${cell(how)}`;
    };
    const table = [
      `Measured ${this.measuredAt.slice(0, 10)} on ${machine()} by \`npm run bench\` (figures in \`bench/results.json\`).`,
      '',
      '| figure | value | command |',
      '| --- | --- | --- |',
      ...this.rows.map(
        ({ figure, value, command }) => `| ${cell(figure)} | ${cell(value)} | ${commandCell(command)} |`,
      ),
    ].join('\n');
    const updated = `${readme.slice(0, start + README_START.length)}\n\n${table}\n\n${readme.slice(end)}`;
    await writeFormatted(file, updated);
  }
}

/** Writes `text` as the repository's Prettier formats `file`, so `npm run lint` stays green after a bench. */
async function writeFormatted(file: string, text: string): Promise<void> {
  writeFileSync(file, await format(text, { ...(await resolveConfig(file)), filepath: file }));
}

function machine(): string {
  return `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`;
}
