/**
 * What every page Stripe would host shares: the plain accessible HTML shell with no external assets,
 * how money and dates read on it, and the request a page handler gets.
 */
import { escapeHtml } from '@shared/escape-html';

/** A hosted page's request: its method, the id in its path (a session, token or charge) and its form body. */
export interface HostedPageRequest {
  method: string;
  id: string;
  body: string;
}

/**
 * Stripe's hosted pages are one calm column on a phone: everything wraps (`overflow-wrap: anywhere` also
 * lets long ids, emails and table cells shrink), so nothing scrolls sideways at 390 px.
 */
const STYLE = `*,*::before,*::after{box-sizing:border-box}html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,system-ui,sans-serif;margin:0;color:#1a1f36;background:#fff;line-height:1.5}
main{max-width:28rem;margin:0 auto;padding:2rem 1rem;overflow-wrap:anywhere}
h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0}h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.summary{padding-bottom:1rem;margin-bottom:1rem;border-bottom:1px solid #e3e8ee}.total{font-size:1.125rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input,select{width:100%;min-width:0;padding:.6rem .75rem;font:inherit;font-size:1rem;color:inherit;background:#fff;border:1px solid #cfd7df;border-radius:6px}
.pair{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.75rem}
button{margin-top:1rem;padding:.75rem 1rem;font:inherit;font-size:1rem;min-height:44px;max-width:100%;cursor:pointer;color:#1a1f36;background:#fff;border:1px solid #cfd7df;border-radius:6px}
.primary{background:#635bff;color:#fff;border:0;width:100%;font-weight:600}
[role=alert]{background:#fdecea;color:#8a1c1c;padding:.75rem;border-radius:6px}.note{color:#555;font-size:.875rem}
table{border-collapse:collapse;width:100%;font-size:.875rem}th,td{text-align:left;vertical-align:top;padding:.35rem .5rem;border-bottom:1px solid #e3e8ee}`;

export function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}
<p class="note">Stripe sandbox — test mode, no real money moves.</p></main></body></html>`;
}

export function formatAmount(amount: number, currency: string) {
  return `${currency.toUpperCase()} $${(amount / 100).toFixed(2)}`;
}

export function dateOf(unixSeconds: number) {
  return new Date(unixSeconds * 1000).toUTCString();
}

export function messagePage(title: string, message: string) {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
