/*
 * /r/{id}'s one script (functions/domain/receipt-page-html.ts): the Print and Download PDF buttons. A file
 * rather than an inline handler, because the site's Content-Security-Policy allows scripts from the site
 * only. The PDF module (jsPDF and its fonts) is fetched on the first click, never with the page: loading
 * it makes the first PDF, and from then on it answers the clicks itself (a later import() of it is the
 * same module, which does not run again). docs/decisions.md #85.
 */
document.querySelector('[data-print]')?.addEventListener('click', () => window.print());
const pdfButton = document.querySelector('[data-pdf]');
pdfButton?.addEventListener('click', () => {
  import(pdfButton.dataset.pdf).catch((error) => console.error('The PDF could not be made', error));
});
