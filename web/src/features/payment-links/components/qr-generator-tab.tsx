import type { UseQueryResult } from '@tanstack/react-query';
import { Download, QrCode } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@web/lib/toast';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { useSetupProgress } from '@web/lib/setup-progress';
import { NativeSelect } from '@web/components/ui/native-select';
import type { GeneratedQrCode, QrGenerator } from '../hooks/use-qr-generator';
import { linkAmountText, linkRepeatText, linkBadges, linkTipPercents, publicLinkUrl } from '../payment-link-display';
import { paymentLinksStrings } from '../payment-links-strings';
import { QR_SIZE_MAX, QR_SIZE_MIN } from '../qr-code-options';

const strings = paymentLinksStrings.qr;

/** QR Generator: pick a link, size and colours; preview the code and download it as a PNG. */
export function QrGeneratorTab({ links, qr }: { links: UseQueryResult<PaymentLink[]>; qr: QrGenerator }) {
  const selectedLink = links.data?.find((link) => link.linkId === qr.selectedLinkId) ?? null;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-6">
        <QrSettingsCard links={links} qr={qr} />
        {selectedLink ? <SelectedLinkCard link={selectedLink} /> : null}
      </div>
      <PreviewCard link={selectedLink} image={qr.image} />
    </div>
  );
}

function QrSettingsCard({ links, qr }: { links: UseQueryResult<PaymentLink[]>; qr: QrGenerator }) {
  const ids = { link: useId(), size: useId(), dark: useId(), light: useId() };
  const sizeError = qr.size === null ? strings.sizeError : undefined;
  const placeholder = links.isPending
    ? strings.loadingLinks
    : links.data?.length
      ? strings.chooseLink
      : strings.noLinks;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{strings.configTitle}</CardTitle>
        <CardDescription>{strings.configDescription}</CardDescription>
      </CardHeader>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          qr.generate();
        }}
      >
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <FormField id={ids.link} label={strings.linkLabel} className="sm:col-span-2">
            <NativeSelect
              id={ids.link}
              value={qr.selectedLinkId}
              onChange={(event) => qr.selectLink(event.target.value)}
              disabled={!links.data?.length}
            >
              <option value="" disabled={Boolean(links.data?.length)}>
                {placeholder}
              </option>
              {links.data?.map((link) => (
                <option key={link.linkId} value={link.linkId}>
                  {strings.option(link.title, linkAmountText(link))}
                </option>
              ))}
            </NativeSelect>
          </FormField>

          <FormField id={ids.size} label={strings.sizeLabel} error={sizeError} className="sm:col-span-2">
            <Input
              {...fieldControlProps(ids.size, { error: sizeError })}
              type="number"
              inputMode="numeric"
              min={QR_SIZE_MIN}
              max={QR_SIZE_MAX}
              step={1}
              value={qr.sizeText}
              onChange={(event) => qr.setSizeText(event.target.value)}
            />
          </FormField>

          <ColorField id={ids.dark} label={strings.colorLabel} value={qr.dark} onChange={qr.setDark} />
          <ColorField id={ids.light} label={strings.backgroundLabel} value={qr.light} onChange={qr.setLight} />
        </CardContent>
        <CardFooter className="justify-end border-t border-border pt-6">
          <Button type="submit" className="w-full sm:w-auto" disabled={!qr.selectedLinkId || qr.isGenerating}>
            <QrCode aria-hidden="true" />
            {qr.isGenerating ? strings.generating : strings.generate}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function ColorField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label={label}>
      <div className="flex items-center gap-3">
        <Input
          id={id}
          type="color"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="w-16 shrink-0 cursor-pointer p-1"
        />
        <span className="font-mono text-sm text-muted-foreground uppercase">{value}</span>
      </div>
    </FormField>
  );
}

function SelectedLinkCard({ link }: { link: PaymentLink }) {
  const tipPercent = linkTipPercents(link);
  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle as="h2" className="text-base">
          {strings.selectedTitle}
        </CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{link.title}</span>
          {linkBadges(link).map((badge) => (
            <Badge key={badge.label} variant={badge.variant}>
              {badge.label}
            </Badge>
          ))}
        </div>
        {link.description ? <p className="text-sm break-words text-muted-foreground">{link.description}</p> : null}
        <div className="flex flex-wrap gap-2">
          <Badge variant="brand">{linkAmountText(link)}</Badge>
          {tipPercent ? <Badge variant="outline">{paymentLinksStrings.link.tipBadge(tipPercent)}</Badge> : null}
          {link.repeat ? <Badge variant="outline">{linkRepeatText(link)}</Badge> : null}
        </div>
        <p className="font-mono text-sm break-all text-muted-foreground">{publicLinkUrl(link.linkId)}</p>
      </CardHeader>
    </Card>
  );
}

function PreviewCard({ link, image }: { link: PaymentLink | null; image: GeneratedQrCode | null }) {
  const { record } = useSetupProgress();
  const download = (code: GeneratedQrCode) => {
    const anchor = document.createElement('a');
    anchor.href = code.dataUrl;
    anchor.download = `qr-code-${code.linkId}.png`;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    // Ticks the dashboard's "Print your QR code" (docs/decisions.md #88).
    record('printed');
    toast.success(strings.downloaded);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{strings.previewTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {link && image ? (
          <div className="flex flex-col items-center gap-4 text-center">
            <img
              src={image.dataUrl}
              alt={strings.imageAlt(link.title)}
              width={image.size}
              height={image.size}
              className="h-auto w-64 max-w-full rounded-md border border-border"
            />
            <p className="text-sm text-muted-foreground">{strings.scanHint}</p>
            <p className="text-sm font-medium">{strings.size(image.size)}</p>
            <Button className="w-full sm:w-auto" onClick={() => download(image)}>
              <Download aria-hidden="true" />
              {strings.download}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-6 py-12 text-center">
            <QrCode aria-hidden="true" className="size-12 text-muted-foreground" />
            <p className="text-muted-foreground">{link ? strings.notGenerated : strings.empty}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
