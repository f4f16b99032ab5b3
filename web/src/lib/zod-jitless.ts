/**
 * Zod's compiled parsers first probe for `new Function`, which the site's CSP (`script-src 'self'`, no
 * `'unsafe-eval'`) refuses and reports as a violation on every merchant page; zod then falls back to the
 * interpreted parsers, which give the same answers. Choosing them up front makes no probe
 * (docs/decisions.md #70). Imported first by the entry (main.tsx), before any page's code parses anything.
 */
// zod's core alone (its global config), not `zod`: the entry is on every page's path, the payer's too, and
// importing `zod` there would load the whole schemas chunk (~25 KB gzip) before any page needs it.
import { config } from 'zod/v4/core';

config({ jitless: true });
