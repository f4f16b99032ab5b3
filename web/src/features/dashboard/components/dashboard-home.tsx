import { BookOpen, ChevronRight, FileText, QrCode, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { WithMerchantProfile } from '../../../components/with-merchant-profile';
import { SubscriptionStatusCard } from '../../subscription/components/subscription-status-card';
import { dashboardStrings } from '../dashboard-strings';

const strings = dashboardStrings.home;

/**
 * The dashboard home (spec §2). For now the welcome, the plan and the subscription status card; the stats
 * and recent payments cards arrive with the features that own their data.
 */
export function DashboardHome() {
  return (
    <WithMerchantProfile
      labels={{ loading: strings.loading, unavailable: strings.profileUnavailable, retry: strings.retry }}
    >
      {({ companyName, fullName, plan }) => (
        <div className="flex flex-col gap-8">
          <PageHeader
            title={strings.welcome(companyName ?? fullName)}
            description={plan === 'business-trial' ? strings.trialOffer : undefined}
          >
            <Badge variant="brand">{strings.planBadge}</Badge>
          </PageHeader>
          <div className="grid gap-6 lg:grid-cols-2">
            <SubscriptionStatusCard />
            <MaterialsKitCard />
          </div>
        </div>
      )}
    </WithMerchantProfile>
  );
}

/**
 * Materials Kit (spec §2): 'QR Codes for Print' opens the print materials page; the guide and the
 * templates are not built yet, so they say so instead of being buttons that do nothing.
 */
function MaterialsKitCard() {
  const words = strings.materialsKit;
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {words.title}
        </CardTitle>
        <CardDescription>{words.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          <li>
            <Link
              to="/dashboard/print-materials"
              className="flex items-center gap-3 rounded-lg border border-border p-3 transition-colors hover:bg-muted"
            >
              <MaterialsKitIcon icon={QrCode} />
              <MaterialsKitText title={words.qrCodesForPrint} detail={words.qrCodesForPrintDetail} />
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
          {[
            { icon: BookOpen, title: words.businessSetupGuide, detail: words.businessSetupGuideDetail },
            { icon: FileText, title: words.paymentTemplates, detail: words.paymentTemplatesDetail },
          ].map((item) => (
            <li key={item.title} className="flex items-center gap-3 rounded-lg border border-dashed border-border p-3">
              <MaterialsKitIcon icon={item.icon} muted />
              <MaterialsKitText
                title={item.title}
                detail={item.detail}
                badge={<Badge variant="neutral">{words.notYetAvailable}</Badge>}
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MaterialsKitIcon({ icon: Icon, muted = false }: { icon: LucideIcon; muted?: boolean }) {
  return (
    <span
      className={
        muted
          ? 'inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground'
          : 'inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary'
      }
    >
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

function MaterialsKitText({ title, detail, badge }: { title: string; detail: string; badge?: ReactNode }) {
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-1">
      <span className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">{title}</span>
        {badge}
      </span>
      <span className="text-sm text-muted-foreground">{detail}</span>
    </span>
  );
}
