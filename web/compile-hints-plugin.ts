/**
 * Every script the browser build writes starts with V8's explicit compile hint, `//# allFunctionsCalledOnLoad`
 * (docs/decisions.md #247). Chrome (136 and later) then compiles the script's functions on the background
 * thread that streams it in, instead of one by one on the page's main thread the first time each is called:
 * on a signed-in merchant's first /dashboard most of the app's start was such compiling, in the tasks a tap
 * waits behind. A chunk is loaded only when its page runs, and a page's chunks are mostly its components and
 * hooks, which run as it draws; other engines ignore the comment.
 *
 * Added as the bundle is written, before the first line (where V8 reads it), with each source map moved down
 * one line to match, so what is tested, measured and deployed is the same file.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compileHints(): Plugin {
  return {
    name: 'paylink-compile-hints',
    apply: 'build',
    enforce: 'post',
    // The files' names (their content hashes) say they carry it.
    augmentChunkHash: () => COMPILE_HINT,
    generateBundle: {
      // After Vite's own additions to a chunk's first lines (its preload map).
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || output.code.startsWith(COMPILE_HINT)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
          if (output.map) output.map.mappings = `;${output.map.mappings}`;
          // A build with source maps has already written each map as a file of its own: moved down too.
          const mapFile = bundle[`${output.fileName}.map`];
          if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
            const map = JSON.parse(mapFile.source) as { mappings: string };
            mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
          }
        }
      },
    },
  };
}
