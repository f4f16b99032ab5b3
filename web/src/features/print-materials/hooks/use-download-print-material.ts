import { useState } from 'react';
import { toast } from '@web/lib/toast';
import { useSetupProgress } from '@web/lib/setup-progress';
import { printMaterialFileName, type PrintMaterialContent, type PrintMaterialKind } from '../print-material-content';
import { printMaterialsStrings } from '../print-materials-strings';

const strings = printMaterialsStrings.download;

/**
 * 'Download A4 poster (PDF)' / 'Download A6 table card (PDF)': builds the PDF in the browser and saves
 * it. The PDF code (jsPDF, fonts, QR encoder) is fetched on the first download, never with the page.
 */
export function useDownloadPrintMaterial() {
  const [busyKind, setBusyKind] = useState<PrintMaterialKind | null>(null);
  const { record } = useSetupProgress();

  const download = async (kind: PrintMaterialKind, content: PrintMaterialContent) => {
    setBusyKind(kind);
    try {
      const { createPrintPdf } = await import('../pdf/create-print-pdf');
      const fileName = printMaterialFileName(kind, content.linkId);
      saveFile(await createPrintPdf(kind, content), fileName);
      // Ticks the dashboard's "Print your QR code" (docs/decisions.md #88).
      record('printed');
      toast.success(kind === 'poster' ? strings.posterDoneTitle : strings.tableCardDoneTitle, {
        description: strings.done(fileName),
      });
    } catch (error) {
      console.error('Could not create the print PDF', error);
      const message = error instanceof Error ? error.message : String(error);
      toast.error(strings.failedTitle, { description: strings.failed(message) });
    } finally {
      setBusyKind(null);
    }
  };

  return {
    download: (kind: PrintMaterialKind, content: PrintMaterialContent) => void download(kind, content),
    busyKind,
  };
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  // The download has taken its copy once the click is handled; free the blob after that.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
