import { CircleCheck, ExternalLink, Plus } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { DEFAULT_CURRENCY } from '@shared/brand';
import { formatMoney } from '@web/lib/format-money';
import { useCreatePaymentLink } from '@web/lib/payment-links-api';
import { materialsKitStrings } from '../materials-kit-strings';
import { PAYMENT_TEMPLATES, type PaymentTemplate } from '../payment-templates';
import { BackToDashboardLink } from './back-to-dashboard-link';

const strings = materialsKitStrings.templates;
const MANAGE_LINKS_PATH = '/dashboard/create-link?tab=manage';

/** /dashboard/payment-templates' way back and heading, shown above the plan and Stripe gates too. */
export function PaymentTemplatesHeader() {
  return (
    <div className="flex flex-col gap-6">
      <BackToDashboardLink />
      <PageHeader title={strings.heading} description={strings.description} />
    </div>
  );
}

/**
 * /dashboard/payment-templates — the Materials Kit's ready-made links, each created in one click through
 * the same API as the Create Link form; a paid feature, so its route gates it like Payment Links.
 */
export function PaymentTemplatesPage() {
  return (
    <ul aria-label={strings.listLabel} className="grid gap-6 sm:grid-cols-2">
      {PAYMENT_TEMPLATES.map((template) => (
        <li key={template.key} className="flex">
          <TemplateCard template={template} />
        </li>
      ))}
    </ul>
  );
}

function TemplateCard({ template }: { template: PaymentTemplate }) {
  const navigate = useNavigate();
  const { link } = template;
  const create = useCreatePaymentLink({
    onSuccess: (created: PaymentLink) => {
      toast.success(strings.createdToast, {
        description: strings.createdToastDetail(created.title),
        action: { label: strings.viewLink, onClick: () => void navigate(MANAGE_LINKS_PATH) },
      });
    },
    onError: (error) => {
      toast.error(strings.failedTitle, { description: error.message || strings.failed });
    },
  });
  const amount =
    link.isOpenAmount || link.amountCents == null
      ? strings.openAmount
      : formatMoney(link.amountCents, DEFAULT_CURRENCY);

  return (
    <Card className="flex w-full flex-col">
      <CardHeader>
        <CardTitle as="h2">{link.title}</CardTitle>
        <CardDescription>{link.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-wrap items-center gap-2">
        <span className={link.isOpenAmount ? 'font-medium' : 'text-xl font-semibold'}>{amount}</span>
        <Badge variant={link.tipPercent ? 'brand' : 'neutral'}>
          {link.tipPercent ? strings.tip(link.tipPercent) : strings.noTip}
        </Badge>
      </CardContent>
      <CardFooter className="flex-wrap">
        {create.isSuccess ? (
          <>
            <span role="status" className="inline-flex items-center gap-2 text-sm font-medium text-emerald-800">
              <CircleCheck aria-hidden="true" className="size-4" />
              {strings.created}
            </span>
            <Link
              to={MANAGE_LINKS_PATH}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {strings.viewInLinks}
            </Link>
            <a
              href={`/p/${create.data.linkId}`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {`/p/${create.data.linkId}`}
              <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
          </>
        ) : (
          <Button
            onClick={() => create.mutate(link)}
            disabled={create.isPending}
            aria-label={create.isPending ? undefined : strings.create(link.title)}
          >
            <Plus aria-hidden="true" />
            {create.isPending ? strings.creating : strings.createLabel}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
