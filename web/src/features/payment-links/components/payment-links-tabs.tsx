import * as Tabs from '@radix-ui/react-tabs';
import { Link2, List, QrCode, type LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { usePaymentLinks } from '@web/lib/payment-links-api';
import { useQrGenerator } from '../hooks/use-qr-generator';
import { paymentLinksStrings as strings } from '../payment-links-strings';
import { CreateLinkForm } from './create-link-form';
import { ManageLinksTab } from './manage-links-tab';
import { QrGeneratorTab } from './qr-generator-tab';

const TABS = ['create', 'manage', 'qr'] as const;
type Tab = (typeof TABS)[number];
const TAB_ICONS: Record<Tab, LucideIcon> = { create: Link2, manage: List, qr: QrCode };

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/**
 * The three tabs of the screen. The open tab is kept in `?tab=` so a link from
 * elsewhere (e.g. the dashboard's 'Generate QR Code') can open the QR generator directly.
 */
export function PaymentLinksTabs() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'create';
  const links = usePaymentLinks();
  const qr = useQrGenerator();
  const qrTabTrigger = useRef<HTMLButtonElement>(null);

  const showTab = (next: Tab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'create') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  useEffect(() => {
    if (links.isError) toast.error(strings.errorTitle, { description: strings.manage.loadFailed });
  }, [links.isError, links.errorUpdatedAt]);

  const generateQrFor = (link: PaymentLink) => {
    showTab('qr');
    qr.generateSoon(link.linkId);
    // Once the QR panel is shown, keyboard and screen reader users land on its tab rather than nowhere.
    requestAnimationFrame(() => qrTabTrigger.current?.focus());
  };

  return (
    <Tabs.Root value={tab} onValueChange={(value) => isTab(value) && showTab(value)} className="flex flex-col gap-6">
      <Tabs.List
        aria-label={strings.tabsLabel}
        className="grid grid-cols-3 gap-1 rounded-lg border border-border bg-muted p-1 sm:inline-grid sm:w-fit"
      >
        {TABS.map((value) => {
          const Icon = TAB_ICONS[value];
          return (
            <Tabs.Trigger
              key={value}
              ref={value === 'qr' ? qrTabTrigger : undefined}
              value={value}
              className={
                'inline-flex h-10 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium whitespace-nowrap ' +
                'text-muted-foreground transition-colors hover:text-foreground sm:px-4 ' +
                'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm'
              }
            >
              <Icon aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
              {strings.tabs[value]}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>

      {/* Panels stay mounted (hidden when not chosen) so a half-typed link survives a look at the list. */}
      <Tabs.Content value="create" forceMount className="data-[state=inactive]:hidden">
        <CreateLinkForm onShowCreateTab={() => showTab('create')} />
      </Tabs.Content>
      <Tabs.Content value="manage" forceMount className="data-[state=inactive]:hidden">
        <ManageLinksTab links={links} onGenerateQr={generateQrFor} />
      </Tabs.Content>
      <Tabs.Content value="qr" forceMount className="data-[state=inactive]:hidden">
        <QrGeneratorTab links={links} qr={qr} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
