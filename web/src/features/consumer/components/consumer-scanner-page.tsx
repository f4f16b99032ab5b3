import { ImageUp, ScanLine } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Card } from '@web/components/ui/card';
import { consumerStrings } from '../consumer-strings';
import { paymentLinkFromQr } from '../scanner/payment-link-from-qr';
import { qrDecoder } from '../scanner/qr-decoder';
import { PageTitle } from '@web/components/page-title';

const strings = consumerStrings.scanner;
/** How often a camera frame is read: quick enough to feel instant, light on a phone's battery. */
const FRAME_INTERVAL_MS = 250;

type CameraState = 'starting' | 'scanning' | 'unavailable';

/**
 * /consumer/scanner, Scan & Pay: the camera reads a Paylink QR code and opens its payment page. Where no
 * camera is allowed (no device, permission refused, an insecure origin) a picture of the code does the same.
 */
export function ConsumerScannerPage() {
  const uploadId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [message, setMessage] = useState<string | null>(null);
  const opened = useRef(false);

  /** True when the text was a payment link (and its page is opening). */
  const follow = useCallback((text: string | null): boolean => {
    if (text === null) return false;
    const link = paymentLinkFromQr(text, window.location.origin);
    if (!link) {
      setMessage(strings.notPaylink);
      return false;
    }
    if (!opened.current) {
      opened.current = true;
      setMessage(strings.opening);
      // A full page load: the payment page is its own small app (app/payer-routes.ts), not a route of this one.
      window.location.assign(link);
    }
    return true;
  }, []);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera API');
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play();
      setCamera('scanning');
      const decode = await qrDecoder();
      const readFrame = async () => {
        if (stopped || !video.current) return;
        const found = follow(await decode(video.current).catch(() => null));
        if (!found && !stopped) timer = setTimeout(() => void readFrame(), FRAME_INTERVAL_MS);
      };
      void readFrame();
    };
    start().catch(() => {
      if (!stopped) setCamera('unavailable');
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [follow]);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const [decode, image] = await Promise.all([qrDecoder(), createImageBitmap(file)]);
      const text = await decode(image);
      image.close();
      if (text === null) setMessage(strings.noCode);
      else follow(text);
    } catch {
      setMessage(strings.noCode);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{consumerStrings.pageTitle(strings.title)}</PageTitle>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{strings.title}</h1>
        <p className="text-muted-foreground">{strings.intro}</p>
      </div>
      {camera === 'unavailable' ? (
        <Card className="flex items-start gap-3 p-4">
          <ScanLine aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <p className="text-sm">{strings.noCamera}</p>
        </Card>
      ) : (
        <Card className="relative overflow-hidden bg-zinc-900">
          <video
            ref={video}
            aria-label={strings.videoLabel}
            className="aspect-square w-full object-cover"
            muted
            playsInline
          />
          <p role="status" className="absolute inset-x-0 bottom-0 bg-black/70 px-4 py-2 text-center text-sm text-white">
            {camera === 'starting' ? strings.starting : strings.scanning}
          </p>
        </Card>
      )}
      {message ? <Alert role="status">{message}</Alert> : null}
      <div>
        <label
          htmlFor={uploadId}
          className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-input bg-background px-4 text-sm font-medium shadow-xs hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
        >
          <ImageUp aria-hidden="true" className="size-4" />
          {strings.uploadLabel}
          <input
            id={uploadId}
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(event) => void upload(event)}
          />
        </label>
      </div>
    </div>
  );
}
