import { Download, Link2, LoaderCircle, Plus, TriangleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { fieldControlProps, FormField } from '@web/components/form-field';
import { LoadFailedCard } from '@web/components/load-failed-card';
import { LoadingState } from '@web/components/loading-state';
import { PageHeader } from '@web/components/page-header';
import { Alert, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { NativeSelect } from '@web/components/ui/native-select';
import { WithMerchantProfile } from '@web/components/with-merchant-profile';
import { formatMoney } from '@web/lib/format-money';
import { usePaymentLinks } from '@web/lib/payment-links-api';
import { useDownloadPrintMaterial } from '../hooks/use-download-print-material';
import {
  businessNameOf,
  printMaterialContent,
  type PrintMaterialContent,
  type PrintMaterialKind,
} from '../print-material-content';
import { printMaterialsStrings as strings } from '../print-materials-strings';
import { PrintMaterialPreview } from './print-material-preview';

/** The link a poster is for travels in the address (`?link={linkId}`), so other screens can link straight to it. */
const LINK_PARAM = 'link';
const PICKER_ID = 'print-materials-link';

/** /dashboard/print-materials' heading, shown above the plan and Stripe gates too. */
export function PrintMaterialsHeader() {
  return <PageHeader title={strings.heading} description={strings.description} />;
}

/**
 * /dashboard/print-materials — the Materials Kit: an A4 poster and an A6 table card for one of the
 * merchant's links, previewed here and downloaded as PDFs made in the browser. A paid feature, gated by
 * its route like Payment Links: a poster for a link that cannot take payments would mislead customers.
 */
export function PrintMaterialsPage() {
  return (
    <WithMerchantProfile labels={strings.profile}>
      {(profile) => <PrintMaterialsForLinks businessName={businessNameOf(profile)} />}
    </WithMerchantProfile>
  );
}

function PrintMaterialsForLinks({ businessName }: { businessName: string }) {
  const links = usePaymentLinks();
  const [searchParams, setSearchParams] = useSearchParams();

  if (links.isPending) return <LoadingState label={strings.links.loading} />;
  if (links.isLoadingError) {
    return (
      <LoadFailedCard
        title={strings.links.failedTitle}
        message={links.error.message}
        retryLabel={strings.links.retry}
        onRetry={() => void links.refetch()}
        retrying={links.isFetching}
      />
    );
  }
  if (links.data.length === 0) return <NoLinksCard />;

  const requested = searchParams.get(LINK_PARAM);
  // Unless one is asked for, a link a customer can pay today comes first: switched on and not expired.
  const selected =
    links.data.find((link) => link.linkId === requested) ??
    links.data.find((link) => link.isActive && !link.expired) ??
    links.data[0]!;
  const content = printMaterialContent(selected, businessName, window.location.origin);
  const select = (linkId: string) =>
    setSearchParams(
      (params) => {
        params.set(LINK_PARAM, linkId);
        return params;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-6">
      <LinkPickerCard links={links.data} selected={selected} onSelect={select} />
      <MaterialsPreview content={content} />
    </div>
  );
}

function LinkPickerCard({
  links,
  selected,
  onSelect,
}: {
  links: PaymentLink[];
  selected: PaymentLink;
  onSelect: (linkId: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{strings.picker.heading}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FormField id={PICKER_ID} label={strings.picker.label} hint={strings.picker.hint} className="max-w-xl">
          <NativeSelect
            {...fieldControlProps(PICKER_ID, { hint: strings.picker.hint })}
            value={selected.linkId}
            onChange={(event) => onSelect(event.target.value)}
          >
            {links.map((link) => (
              <option key={link.linkId} value={link.linkId}>
                {strings.picker.option(
                  link.title,
                  link.amountCents === null ? strings.picker.openAmount : formatMoney(link.amountCents, link.currency),
                  link,
                )}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {selected.isActive && !selected.expired ? null : (
          <Alert variant="warning" role="status" className="max-w-xl">
            <TriangleAlert aria-hidden="true" />
            <div className="flex flex-col gap-1">
              <AlertTitle>{selected.isActive ? strings.picker.expiredTitle : strings.picker.inactiveTitle}</AlertTitle>
              <p>{selected.isActive ? strings.picker.expiredMessage : strings.picker.inactiveMessage}</p>
            </div>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function MaterialsPreview({ content }: { content: PrintMaterialContent }) {
  const { download, busyKind } = useDownloadPrintMaterial();
  const materials = [
    {
      kind: 'poster',
      heading: strings.preview.posterHeading,
      size: strings.preview.posterSize,
      action: strings.download.poster,
      busy: strings.download.posterBusy,
      previewWidth: 'max-w-[380px]',
    },
    {
      kind: 'table-card',
      heading: strings.preview.tableCardHeading,
      size: strings.preview.tableCardSize,
      action: strings.download.tableCard,
      busy: strings.download.tableCardBusy,
      previewWidth: 'max-w-[280px]',
    },
  ] as const satisfies readonly {
    kind: PrintMaterialKind;
    heading: string;
    size: string;
    action: string;
    busy: string;
    previewWidth: string;
  }[];

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {materials.map((material) => {
        const isBusy = busyKind === material.kind;
        const headingId = `print-material-${material.kind}`;
        return (
          <Card key={material.kind} role="region" aria-labelledby={headingId} className="flex flex-col">
            <CardHeader>
              <CardTitle as="h2" id={headingId}>
                {material.heading}
              </CardTitle>
              <CardDescription>{material.size}</CardDescription>
            </CardHeader>
            <CardContent className="flex-1">
              <div className="flex justify-center rounded-lg bg-surface p-4 sm:p-6">
                <PrintMaterialPreview
                  kind={material.kind}
                  content={content}
                  className={`w-full ${material.previewWidth}`}
                />
              </div>
            </CardContent>
            <CardFooter>
              <Button
                className="w-full sm:w-auto"
                onClick={() => download(material.kind, content)}
                disabled={busyKind !== null}
              >
                {isBusy ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : (
                  <Download aria-hidden="true" />
                )}
                {isBusy ? material.busy : material.action}
              </Button>
            </CardFooter>
          </Card>
        );
      })}
    </div>
  );
}

function NoLinksCard() {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Link2 aria-hidden="true" className="size-6" />
      </span>
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{strings.links.emptyTitle}</h2>
        <p className="max-w-md text-muted-foreground">{strings.links.emptyMessage}</p>
      </div>
      <Button asChild>
        <Link to="/dashboard/create-link">
          <Plus aria-hidden="true" />
          {strings.links.createLink}
        </Link>
      </Button>
    </Card>
  );
}
