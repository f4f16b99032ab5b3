/**
 * The build's prerender step (shared/prerendered-pages.ts): after the browser build is written, renders
 * src/prerender.tsx's pages to HTML with a server build of the same source, and writes each page as the
 * built index.html with the page's markup in #root and the stylesheet inlined. So the landing, sign-in and
 * sign-up pages paint from their first response, as /p/{id} does. Their code never holds that paint back
 * (docs/decisions.md #90): the app's module script and preloads give way to web/public/prerendered-boot.js,
 * which asks for the landing page's header island once the page is painted, and for the app (the forms) once
 * the visitor reaches for the page. It writes the preloading shells too (page-shells.ts), each with its page's
 * frame drawn by the same server build.
 * Every `vite build` does it (npm run build, the e2e and bench builds, CDK's deployment), so what is tested
 * and measured is what is deployed.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { escapeHtml } from '../shared/escape-html.js';
import { PRERENDERED_PAGES } from '../shared/prerendered-pages.js';
import { ROOT_ELEMENT, writePageShells } from './page-shells.js';
import type { PrerenderedHead } from './src/components/prerendered-head.js';

const BOOT_SCRIPT = '/prerendered-boot.js';

/**
 * What each page's boot script loads, and when: a Vite input (its manifest key; the app's entry when none
 * is named) once the page is painted, or on the visitor's first tap, key or focus — at once instead, for the
 * sign-in forms, when the browser may hold a session (web/public/prerendered-boot.js).
 */
type PageStart = 'paint' | 'intent' | 'intent-or-session';
const PAGE_CODE: Readonly<Record<string, { entry?: string; start: PageStart }>> = {
  // Only the header's menu needs code: its island, not the app.
  '/': { entry: 'src/landing-island.ts', start: 'paint' },
  // The forms need the app (and Amplify), which a visitor needs only once they use the form; a signed-in
  // merchant is sent on to the dashboard (SIGNED_OUT_PAGES).
  '/login': { start: 'intent-or-session' },
  '/signup': { start: 'intent-or-session' },
  // Text, plain links and native disclosures, the same for everyone: the app only takes over the links
  // between pages, once the visitor reaches for one (docs/decisions.md #220).
  '/support': { start: 'intent' },
  '/privacy': { start: 'intent' },
  '/terms': { start: 'intent' },
  '/stripe-disclaimer': { start: 'intent' },
};

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g;

/** The shell with the app's module script and preloads replaced by the boot script's tag for `pathname`. */
function withBootScript(html: string, pathname: string, outDir: string): string {
  const code = PAGE_CODE[pathname];
  if (!code) throw new Error(`No PAGE_CODE for the prerendered page ${pathname}`);
  const appEntry = /\bsrc="([^"]+)"/.exec(MODULE_SCRIPT.exec(html)?.[0] ?? '')?.[1];
  if (!appEntry) throw new Error("index.html has no module script naming the app's entry");
  let entry = appEntry;
  if (code.entry) {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string } | undefined
    >;
    const file = manifest[code.entry]?.file;
    if (!file) throw new Error(`${code.entry} is not in the build's manifest: add it to build inputs`);
    entry = `/${file}`;
  }
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(
      MODULE_SCRIPT,
      `<script defer src="${BOOT_SCRIPT}" data-entry="${escapeHtml(entry)}" data-start="${code.start}"></script>\n    `,
    );
}
const SERVER_ENTRY = 'src/prerender.tsx';
const SERVER_BUNDLE = 'prerender.mjs';

/**
 * `<link rel="stylesheet" href="/assets/…css">` → `<style>` with the file's text (one request fewer before
 * paint), and the link kept but `disabled`, which a browser never fetches: Vite's loader of lazy chunks
 * looks for that link to know the stylesheet is on the page, and without it would download the stylesheet
 * again and apply it over the page, restyling all of it as the page becomes interactive.
 */
function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (tag) => {
    const href = /\bhref="\/([^"]+\.css)"/.exec(tag)?.[1];
    if (!href) return tag;
    const css = readFileSync(path.join(outDir, href), 'utf8');
    // A `</style` in the text could not end the element early.
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>\n    ${tag.replace(/>$/, ' disabled>')}`;
  });
}

const DESCRIPTION_TAG = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
const TITLE_TAG = /<title>[^<]*<\/title>/;

/**
 * The shell with the page's own tab title and description in place of index.html's (what the page's
 * PageTitle and PageDescription set in a browser; one not set leaves the shell's).
 */
function withHead(html: string, { title, description }: PrerenderedHead): string {
  let page = html;
  if (title !== undefined) {
    if (!TITLE_TAG.test(page)) throw new Error('index.html has no <title> to give each page its name');
    page = page.replace(TITLE_TAG, `<title>${escapeHtml(title)}</title>`);
  }
  if (description !== undefined) {
    if (!DESCRIPTION_TAG.test(page))
      throw new Error('index.html has no <meta name="description"> to give each page its words');
    page = page.replace(DESCRIPTION_TAG, `<meta name="description" content="${escapeHtml(description)}" />`);
  }
  return page;
}

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'paylink-prerender-pages',
    // The browser build only: the server build below loads this same config.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = config.build.outDir;
      // A folder of its own each build: Node caches a module by its URL, so a second build in the same process
      // must not get the first one's. (A `?query` on the entry's URL would not do: the chunks the pages load
      // lazily import the entry without it, making a second copy of its modules, React contexts included.)
      const serverOutDir = path.join(config.cacheDir, 'prerender', `${process.pid}-${Date.now()}`);
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: path.join(config.root, SERVER_ENTRY),
          outDir: serverOutDir,
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
          rolldownOptions: { output: { entryFileNames: SERVER_BUNDLE } },
        },
      });
      const serverBundle = pathToFileURL(path.join(serverOutDir, SERVER_BUNDLE)).href;
      const { renderPage, renderShellFrame } = (await import(serverBundle)) as {
        renderPage: (pathname: string) => Promise<{ markup: string; head: PrerenderedHead }>;
        renderShellFrame: (address: string) => string;
      };

      const shell = inlineStylesheets(readFileSync(path.join(outDir, 'index.html'), 'utf8'), outDir);
      if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT} to prerender into`);
      for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
        const { markup, head } = await renderPage(pathname);
        const target = path.join(outDir, file);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(
          target,
          withBootScript(withHead(shell, head), pathname, outDir).replace(
            ROOT_ELEMENT,
            `<div id="root">${markup}</div>`,
          ),
        );
      }
      // The preloading shells, each with its page's frame drawn by the same server build (page-shells.ts).
      writePageShells(outDir, renderShellFrame);
      rmSync(serverOutDir, { recursive: true, force: true });
    },
  };
}
