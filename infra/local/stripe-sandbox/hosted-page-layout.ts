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

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1f36}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.75rem 1rem;font-size:1rem;min-height:44px;cursor:pointer}
.primary{background:#635bff;color:#fff;border:0;border-radius:6px;width:100%}
[role=alert]{background:#fdecea;color:#8a1c1c;padding:.75rem;border-radius:6px}.note{color:#555;font-size:.875rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e3e8ee}`;

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
