import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import { publicLinkUrl } from '../payment-link-display';
import { paymentLinksStrings } from '../payment-links-strings';
import {
  QR_DEFAULT_DARK,
  QR_DEFAULT_LIGHT,
  QR_DEFAULT_SIZE,
  QR_MARGIN,
  parseQrSize,
  qrCodeDataUrl,
} from '../qr-code-options';

/** Manage's 'Generate QR Code' lets the QR tab show its selection before the code is drawn. */
const GENERATE_AFTER_SWITCH_MS = 100;

export interface GeneratedQrCode {
  linkId: string;
  size: number;
  dataUrl: string;
}

/**
 * The QR generator's settings and its last code. It lives above the tabs, so Manage's 'Generate QR Code'
 * can preselect a link and generate it, and the settings survive switching tabs.
 */
export function useQrGenerator() {
  const [selectedLinkId, setSelectedLinkId] = useState('');
  const [sizeText, setSizeText] = useState(String(QR_DEFAULT_SIZE));
  const [dark, setDark] = useState(QR_DEFAULT_DARK);
  const [light, setLight] = useState(QR_DEFAULT_LIGHT);
  const [image, setImage] = useState<GeneratedQrCode | null>(null);
  const [isGenerating, setIsGenerating] = useState(false);
  // Only the latest request may show its code, whatever order the answers come in.
  const latestRequest = useRef(0);
  const pendingTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pendingTimer.current), []);

  const size = parseQrSize(sizeText);

  const generate = useCallback(
    async (linkId: string) => {
      if (!linkId || size === null) return;
      const request = ++latestRequest.current;
      setIsGenerating(true);
      try {
        const dataUrl = await qrCodeDataUrl(publicLinkUrl(linkId), { size, margin: QR_MARGIN, dark, light });
        if (request === latestRequest.current) setImage({ linkId, size, dataUrl });
      } catch (error) {
        console.error('Could not generate the QR code', error);
        if (request === latestRequest.current) {
          toast.error(paymentLinksStrings.errorTitle, { description: paymentLinksStrings.qr.failed });
        }
      } finally {
        if (request === latestRequest.current) setIsGenerating(false);
      }
    },
    [size, dark, light],
  );

  /** Preselects `linkId` and generates its code a moment later. */
  const generateSoon = useCallback(
    (linkId: string) => {
      setSelectedLinkId(linkId);
      window.clearTimeout(pendingTimer.current);
      pendingTimer.current = window.setTimeout(() => void generate(linkId), GENERATE_AFTER_SWITCH_MS);
    },
    [generate],
  );

  return {
    selectedLinkId,
    selectLink: setSelectedLinkId,
    sizeText,
    setSizeText,
    /** Whole pixels, or null while the typed size is outside 128–512. */
    size,
    dark,
    setDark,
    light,
    setLight,
    /** The code of the selected link, once generated. */
    image: image?.linkId === selectedLinkId ? image : null,
    isGenerating,
    generate: () => void generate(selectedLinkId),
    generateSoon,
  };
}

export type QrGenerator = ReturnType<typeof useQrGenerator>;
