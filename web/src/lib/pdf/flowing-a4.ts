/**
 * Writing an A4 document top to bottom, as the receipt and the fee statement are drawn: wrapped text,
 * label-and-value rows, rules and gaps, each moving down the page and starting a new page when the next
 * piece would cross the bottom margin.
 */
import type { jsPDF } from 'jspdf';
import { PDF_FONT } from './inter-pdf';

const PAGE = { width: 210, height: 297, margin: 20 };
const MM_PER_PT = 25.4 / 72;
const LINE_HEIGHT = 1.35;
const COLOURS = { text: '#1f2937', muted: '#475569', rule: '#e2e8f0' };

interface Look {
  bold?: boolean;
  muted?: boolean;
}

export interface FlowingA4 {
  /** Wrapped text at the left (11 pt unless given), moving down past it. */
  text(value: string, options?: Look & { sizePt?: number }): void;
  /** A label at the left and a value at the right, on one row (the label wraps if long). */
  row(label: string, value: string, options?: Look): void;
  /** A thin line across the page. */
  rule(): void;
  gap(mm: number): void;
}

/** A writer that starts at the top margin of the document's current page; `rowSizePt` is every row's size. */
export function flowingA4(doc: jsPDF, { rowSizePt }: { rowSizePt: number }): FlowingA4 {
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;
  let y = PAGE.margin;

  const lineMm = (sizePt: number) => sizePt * MM_PER_PT * LINE_HEIGHT;
  const room = (needed: number) => {
    if (y + needed <= PAGE.height - PAGE.margin) return;
    doc.addPage();
    y = PAGE.margin;
  };
  const setLook = (sizePt: number, { bold, muted }: Look) => {
    doc.setFont(PDF_FONT, bold ? 'bold' : 'normal');
    doc.setFontSize(sizePt);
    doc.setTextColor(muted ? COLOURS.muted : COLOURS.text);
  };

  return {
    text(value, options = {}) {
      const sizePt = options.sizePt ?? 11;
      setLook(sizePt, options);
      for (const line of doc.splitTextToSize(value, width) as string[]) {
        room(lineMm(sizePt));
        y += lineMm(sizePt);
        doc.text(line, left, y - lineMm(sizePt) * 0.25);
      }
    },
    row(label, value, options = {}) {
      setLook(rowSizePt, options);
      const labelLines = doc.splitTextToSize(label, width - doc.getTextWidth(value) - 8) as string[];
      room(lineMm(rowSizePt) * labelLines.length + 2);
      const top = y;
      labelLines.forEach((line, index) => doc.text(line, left, top + lineMm(rowSizePt) * (index + 0.75)));
      doc.setTextColor(COLOURS.text);
      doc.text(value, right, top + lineMm(rowSizePt) * 0.75, { align: 'right' });
      y = top + lineMm(rowSizePt) * labelLines.length + 2;
    },
    rule() {
      doc.setDrawColor(COLOURS.rule);
      doc.setLineWidth(0.3);
      doc.line(left, y, right, y);
      y += 2;
    },
    gap(mm) {
      y += mm;
    },
  };
}
