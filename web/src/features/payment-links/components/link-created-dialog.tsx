import { useQuery } from '@tanstack/react-query';
import { Check, CircleCheck, Copy, ExternalLink, Mail, Printer, QrCode } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { siFacebook, siInstagram, siWhatsapp, siX, type SimpleIcon } from 'simple-icons';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Textarea } from '@web/components/ui/textarea';
import { useCopyLink } from '../hooks/use-copy-link';
import { linkAmountText, linkRepeatText, linkTipPercents, publicLinkUrl } from '../payment-link-display';
import { paymentLinksStrings } from '../payment-links-strings';
import { QR_DEFAULT_DARK, QR_DEFAULT_LIGHT, QR_MINI_MARGIN, QR_MINI_SIZE, qrCodeDataUrl } from '../qr-code-options';

const strings = paymentLinksStrings.created;
/** Where each share button sends the link (wa.me, Facebook sharer, Twitter intent, mailto). */
function shareTargets(url: string, title: string) {
  const text = strings.shareText(title);
  const encoded = encodeURIComponent(url);
  return [
    { name: strings.whatsapp, icon: siWhatsapp, href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { name: strings.facebook, icon: siFacebook, href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
    {
      name: strings.twitter,
      icon: siX,
      href: `https://twitter.com/intent/tweet?url=${encoded}&text=${encodeURIComponent(text)}`,
    },
  ] as const;
}

export interface LinkCreatedDialogProps {
  link: PaymentLink;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Create Another': close and return to the Create tab. */
  onCreateAnother: () => void;
  /** Called as the dialog closes, to put focus back where the merchant carries on. */
  onClosed: () => void;
}

/** 'Payment Link Created!': the new link's mini QR code, details, address, and ways to share it. */
export function LinkCreatedDialog({ link, open, onOpenChange, onCreateAnother, onClosed }: LinkCreatedDialogProps) {
  const url = publicLinkUrl(link.linkId);
  const tipPercent = linkTipPercents(link);
  const { copied, copy } = useCopyLink();
  const shareHeadingId = useId();
  const mailto = `mailto:?subject=${encodeURIComponent(link.title)}&body=${encodeURIComponent(
    `${strings.shareText(link.title)}\n\n${url}`,
  )}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={strings.close}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CircleCheck aria-hidden="true" className="size-5 text-primary" />
            {strings.title}
          </DialogTitle>
          <DialogDescription>{strings.description}</DialogDescription>
        </DialogHeader>

        <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-surface p-4 sm:flex-row sm:items-start">
          <MiniQrCode url={url} title={link.title} />
          <div className="flex min-w-0 flex-col items-center gap-2 text-center sm:items-start sm:text-left">
            <p className="font-semibold break-words">{link.title}</p>
            {link.description ? <p className="text-sm break-words text-muted-foreground">{link.description}</p> : null}
            <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
              <Badge variant="brand">{linkAmountText(link)}</Badge>
              {tipPercent ? <Badge variant="outline">{paymentLinksStrings.link.tipBadge(tipPercent)}</Badge> : null}
              {link.repeat ? <Badge variant="outline">{linkRepeatText(link)}</Badge> : null}
            </div>
            {/* The code above is for the screen; the Materials Kit makes it for a wall, a table or a file. */}
            <Button variant="outline" size="sm" asChild>
              <Link to={`/dashboard/print-materials?link=${encodeURIComponent(link.linkId)}`}>
                <Printer aria-hidden="true" />
                {strings.printMaterials}
              </Link>
            </Button>
          </div>
        </div>

        <div className="flex items-start gap-2">
          {/* The whole URL, wrapped: selecting and copying the text gives a link that works (docs/decisions.md #67). */}
          <Textarea
            aria-label={strings.linkLabel}
            value={url}
            readOnly
            rows={2}
            className="min-h-0 resize-none bg-muted font-mono break-all text-muted-foreground"
          />
          <Button variant="outline" size="icon" aria-label={strings.copyLink} onClick={() => void copy(url)}>
            {copied ? <Check aria-hidden="true" className="text-primary" /> : <Copy aria-hidden="true" />}
          </Button>
        </div>

        <section aria-labelledby={shareHeadingId} className="flex flex-col gap-2">
          <h3 id={shareHeadingId} className="text-sm font-medium">
            {strings.shareHeading}
          </h3>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {shareTargets(url, link.title).map(({ name, icon, href }) => (
              <ShareLink key={name} href={href} label={name} icon={<BrandIcon icon={icon} />} />
            ))}
            <ShareLink href={mailto} label={strings.email} icon={<Mail aria-hidden="true" />} sameTab />
            <Button
              variant="outline"
              onClick={() =>
                void copy(url, {
                  title: paymentLinksStrings.copy.instagramCopied,
                  description: paymentLinksStrings.copy.instagramDetail,
                })
              }
            >
              <BrandIcon icon={siInstagram} />
              {strings.instagram}
            </Button>
          </div>
        </section>

        <DialogFooter className="border-t border-border pt-4">
          <Button variant="outline" asChild>
            <a href={url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {strings.viewPage}
            </a>
          </Button>
          <Button variant="outline" onClick={onCreateAnother}>
            {strings.createAnother}
          </Button>
          <Button onClick={() => onOpenChange(false)}>{strings.done}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The 120 px code of the link (margin 1), made in the browser. */
function MiniQrCode({ url, title }: { url: string; title: string }) {
  const qr = useQuery({
    queryKey: ['payment-link-qr', url, QR_MINI_SIZE],
    queryFn: () =>
      qrCodeDataUrl(url, {
        size: QR_MINI_SIZE,
        margin: QR_MINI_MARGIN,
        dark: QR_DEFAULT_DARK,
        light: QR_DEFAULT_LIGHT,
      }),
    staleTime: Infinity,
    retry: false,
  });
  if (qr.data) {
    return (
      <img
        src={qr.data}
        alt={strings.qrAlt(title)}
        width={QR_MINI_SIZE}
        height={QR_MINI_SIZE}
        className="shrink-0 rounded-md border border-border bg-white"
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className="flex size-[120px] shrink-0 items-center justify-center rounded-md border border-border bg-background text-muted-foreground motion-safe:data-[pending=true]:animate-pulse"
      data-pending={qr.isPending}
    >
      <QrCode className="size-8" />
    </div>
  );
}

function ShareLink({
  href,
  label,
  icon,
  sameTab = false,
}: {
  href: string;
  label: string;
  icon: ReactNode;
  /** mailto: opens the mail app, not a page. */
  sameTab?: boolean;
}) {
  return (
    <Button variant="outline" asChild>
      <a
        href={href}
        {...(sameTab ? {} : { target: '_blank', rel: 'noopener noreferrer', 'aria-label': strings.shareOn(label) })}
      >
        {icon}
        {label}
      </a>
    </Button>
  );
}

function BrandIcon({ icon }: { icon: SimpleIcon }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor">
      <path d={icon.path} />
    </svg>
  );
}
