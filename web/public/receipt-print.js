/*
 * /r/{id}'s one script (functions/domain/receipt-page-html.ts): the Print button. A file rather than an
 * inline handler, because the site's Content-Security-Policy allows scripts from the site only.
 */
document.querySelector('[data-print]')?.addEventListener('click', () => window.print());
