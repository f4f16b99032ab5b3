import { cn } from '@web/lib/cn';
import type { PrintMaterialContent, PrintMaterialKind } from '../print-material-content';
import { MM_PER_PT, printColours, printLayouts, type PrintLayout } from '../print-layouts';
import { printMaterialsStrings } from '../print-materials-strings';
import { QrCodeSvg } from './qr-code-svg';

const words = printMaterialsStrings.material;

/**
 * The poster or table card drawn in HTML at the page's own proportions. Every length is a share of the
 * preview's width (container query units), taken from the same layout numbers the PDF is drawn with,
 * so the preview is the printed page in miniature at any screen width.
 */
export function PrintMaterialPreview({
  kind,
  content,
  className,
}: {
  kind: PrintMaterialKind;
  content: PrintMaterialContent;
  className?: string;
}) {
  const layout = printLayouts[kind];
  const size = scaler(layout);
  const isAnyAmount = content.amountText === words.payAnyAmount;
  const titlePt = estimateTitlePt(content.title, layout);

  return (
    <div
      className={cn('@container overflow-hidden rounded-sm bg-white shadow-md ring-1 ring-border', className)}
      style={{ aspectRatio: `${layout.pageWidthMm} / ${layout.pageHeightMm}`, color: printColours.text }}
    >
      <div className="flex h-full flex-col text-center leading-[1.2]">
        <div className="shrink-0" style={{ height: size.mm(layout.accentBarMm), background: printColours.brand }} />
        <div
          className="flex min-h-0 flex-1 flex-col"
          style={{
            paddingInline: size.mm(layout.marginMm),
            paddingTop: size.mm(layout.marginMm),
            paddingBottom: size.mm(layout.marginMm * 0.75),
          }}
        >
          <div className="flex shrink-0 flex-col" style={{ gap: size.mm(layout.gapMm * 0.5) }}>
            <p className="line-clamp-2 break-words" style={{ ...size.text(layout.businessNamePt), ...muted }}>
              {content.businessName}
            </p>
            <p
              className={cn('font-bold break-words', layout.titleMaxLines > 2 ? 'line-clamp-3' : 'line-clamp-2')}
              style={size.text(titlePt)}
            >
              {content.title}
            </p>
            <p
              className="font-bold"
              style={{
                ...size.text(isAnyAmount ? layout.anyAmountPt : layout.amountPt),
                ...(isAnyAmount ? muted : {}),
                marginTop: size.mm(layout.gapMm * 0.25),
              }}
            >
              {content.amountText}
            </p>
          </div>

          <div
            className="flex min-h-0 flex-1 flex-col items-center justify-center"
            style={{ paddingBlock: size.mm(layout.gapMm) }}
          >
            <p className="font-bold" style={{ ...size.text(layout.scanPt), color: printColours.brand }}>
              {words.scanToPay}
            </p>
            <p style={{ ...size.text(layout.scanHintPt), ...muted, marginTop: size.mm(layout.gapMm * 0.25) }}>
              {words.scanHint}
            </p>
            <div
              className="flex min-h-0 justify-center"
              style={{ flex: `0 1 ${size.mm(layout.qrMaxMm)}`, marginBlock: size.mm(layout.gapMm) }}
            >
              <QrCodeSvg
                value={content.url}
                label={printMaterialsStrings.preview.qrLabel(content.url)}
                className="h-full w-auto"
                style={{ outline: `1px solid ${printColours.border}`, borderRadius: '2.5%' }}
              />
            </div>
            <p style={{ ...size.text(layout.cantScanPt), ...muted }}>{words.cantScan}</p>
            <p
              className="font-bold break-all"
              style={{ ...size.text(layout.urlPt), marginTop: size.mm(layout.gapMm * 0.25) }}
            >
              {content.displayUrl}
            </p>
          </div>

          <div className="flex shrink-0 flex-col items-center">
            <p style={{ ...size.text(layout.weAcceptPt), ...muted }}>{words.weAccept}</p>
            <ul
              className="flex flex-wrap justify-center"
              style={{ gap: size.pt(layout.badgePt * 0.6), marginTop: size.mm(layout.gapMm * 0.5) }}
            >
              {words.cardBrands.map((brand) => (
                <li
                  key={brand}
                  className="rounded-full font-bold whitespace-nowrap"
                  style={{
                    ...size.text(layout.badgePt),
                    lineHeight: 2.1,
                    paddingInline: size.pt(layout.badgePt * 0.9),
                    background: printColours.badgeFill,
                    border: `1px solid ${printColours.border}`,
                  }}
                >
                  {brand}
                </li>
              ))}
            </ul>
            <p style={{ ...size.text(layout.footerPt), ...muted, marginTop: size.mm(layout.gapMm * 1.5) }}>
              {words.poweredBy}
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}

const muted = { color: printColours.muted };

/** Lengths on the page (mm, pt) as shares of the preview's width. */
function scaler(layout: PrintLayout) {
  const mm = (value: number) => `${((value / layout.pageWidthMm) * 100).toFixed(3)}cqw`;
  const pt = (value: number) => mm(value * MM_PER_PT);
  return { mm, pt, text: (sizePt: number) => ({ fontSize: pt(sizePt) }) };
}

/**
 * The PDF shrinks a long title from its largest size until it fits its lines, measuring with the font;
 * the preview estimates the same from the title's length (Inter Bold runs about 0.55 em a character).
 */
function estimateTitlePt(title: string, layout: PrintLayout): number {
  const width = layout.pageWidthMm - 2 * layout.marginMm;
  for (let sizePt = layout.titleMaxPt; sizePt > layout.titleMinPt; sizePt -= 1) {
    const charactersPerLine = width / (sizePt * MM_PER_PT * 0.55);
    if (Math.ceil(title.length / charactersPerLine) <= layout.titleMaxLines) return sizePt;
  }
  return layout.titleMinPt;
}
