/**
 * The build's preloading shells (shared/prerendered-pages.ts, PRELOADING_SHELLS), written by the prerender step
 * (prerender-pages-plugin.ts) once the browser build is out: each is the built index.html with
 * - a `<link rel="modulepreload" fetchpriority="low">` for every chunk its page's code needs beyond what index.html
 *   preloads already, in the order they run. The browser then asks for that code with the first response, behind
 *   the entry's own scripts (the low priority keeps the first paint theirs), instead of once the entry has run and
 *   asked for it; the entry's `import()` of the same chunks finds them fetched (docs/decisions.md #280);
 * - its page's frame drawn in `#root` (the dashboard's: its header, sidebar and spinner), so the first paint is the
 *   frame, from the first response, and the entry adopts it instead of drawing it (docs/decisions.md #295).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRELOADING_SHELLS } from '../shared/prerendered-pages.js';

/**
 * Each shell's page code, as Vite's manifest names the modules: what the entry asks for on that address
 * (web/src/main.tsx, web/src/app/dashboard-code.ts) and the app's own chunk.
 */
export const SHELL_CODE: Readonly<Record<string, readonly string[]>> = {
  '/dashboard': [
    'src/app/dashboard-contracts.ts',
    'src/app/merchant-app.tsx',
    'src/app/routes/dashboard-guard-route.tsx',
    'src/features/dashboard/components/dashboard-home.tsx',
  ],
};

type Manifest = Record<string, { file: string; imports?: string[] } | undefined>;

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;

/** The scripts `modules` need, each after the chunks it imports, as the manifest lists them. */
function chunksInRunOrder(manifest: Manifest, modules: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest: a preloading shell names a module it lacks`);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
  };
  for (const module of modules) visit(module);
  return files;
}

/** index.html with low-priority preloads of `files` after its own, leaving out what it preloads or runs already. */
export function withPageCodePreloaded(html: string, files: readonly string[]): string {
  const named = new Set([...html.matchAll(/\b(?:href|src)="\/([^"]+)"/g)].map((match) => match[1]));
  const links = files
    .filter((file) => !named.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`);
  const ownPreloads = [...html.matchAll(MODULE_PRELOAD)];
  const last = ownPreloads.at(-1);
  if (!last || last.index === undefined) throw new Error('index.html has no modulepreload to put the page code after');
  const at = last.index + last[0].length;
  return `${html.slice(0, at)}\n    ${links.join('\n    ')}${html.slice(at)}`;
}

/** index.html's empty root, which the prerender step and the shells draw into. */
export const ROOT_ELEMENT = '<div id="root"></div>';
/**
 * Without JavaScript the frame's spinner would turn for ever above index.html's `<noscript>` words: a browser that
 * runs no script hides the frame and shows only those words, as index.html's empty root does.
 */
const FRAME_HIDDEN_WITHOUT_SCRIPT = '<noscript><style>#root{display:none}</style></noscript>';

/**
 * Writes each preloading shell into `outDir` from the built index.html and its manifest, with `frameOf(address)`,
 * the frame's markup drawn by the prerender step's server build, in its `#root`.
 */
export function writePageShells(outDir: string, frameOf: (address: string) => string): void {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT} to draw a frame into`);
  for (const [address, file] of Object.entries(PRELOADING_SHELLS)) {
    const modules = SHELL_CODE[address];
    if (!modules) throw new Error(`No SHELL_CODE for the preloading shell ${address}`);
    const target = path.join(outDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    const page = withPageCodePreloaded(shell, chunksInRunOrder(manifest, modules));
    const drawn = page.replace(ROOT_ELEMENT, `<div id="root">${frameOf(address)}</div>`);
    writeFileSync(target, drawn.replace('</head>', `    ${FRAME_HIDDEN_WITHOUT_SCRIPT}\n  </head>`));
  }
}
