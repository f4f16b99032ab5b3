/**
 * The receipt page's PDF download (docs/decisions.md #85), built as a module of its own at a fixed name
 * (web/vite.config.ts) that the page's script imports on the first click of "Download PDF". It draws the
 * words the server put in the page as JSON — never works a figure out itself — and saves the file.
 */
import { RECEIPT_DATA_ELEMENT_ID, type ReceiptDocument } from '@shared/receipt-document';
import { createReceiptPdf, receiptPdfFileName } from './create-receipt-pdf';
import { receiptPdfStrings as strings } from './receipt-pdf-strings';

const button = document.querySelector<HTMLButtonElement>('[data-pdf]');
let busy = false;

function receiptOfPage(): ReceiptDocument {
  const text = document.getElementById(RECEIPT_DATA_ELEMENT_ID)?.textContent;
  if (!text) throw new Error('the page carries no receipt');
  return JSON.parse(text) as ReceiptDocument;
}

/** Says how the download went, once, beside the buttons (read out by screen readers). */
function say(message: string) {
  let status = document.querySelector<HTMLParagraphElement>('[data-pdf-status]');
  if (!status) {
    status = document.createElement('p');
    status.dataset.pdfStatus = '';
    status.setAttribute('role', 'status');
    button?.parentElement?.after(status);
  }
  status.textContent = message;
}

async function download() {
  if (busy || !button) return;
  busy = true;
  const label = button.textContent;
  button.disabled = true;
  button.textContent = strings.working;
  try {
    const receipt = receiptOfPage();
    saveFile(await createReceiptPdf(receipt), receiptPdfFileName(receipt));
    say(strings.done);
  } catch (error) {
    console.error('The receipt PDF could not be made', error);
    say(strings.failed);
  } finally {
    button.textContent = label;
    button.disabled = false;
    busy = false;
  }
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has taken its copy once the click is handled; free the blob after that.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

button?.addEventListener('click', () => void download());
// Loaded by the first click: that click's PDF.
void download();
