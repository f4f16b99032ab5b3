/**
 * Zod's compiled parsers first probe for `new Function`, which the site's CSP (`script-src 'self'`, no
 * `'unsafe-eval'`) refuses and reports as a violation on every merchant page; zod then falls back to the
 * interpreted parsers, which give the same answers. Choosing them up front makes no probe
 * (docs/decisions.md #70). Imported first by the entry (main.tsx), before any page's code parses anything.
 */
import * as z from 'zod';

z.config({ jitless: true });
