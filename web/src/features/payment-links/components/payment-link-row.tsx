import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { formatDistanceToNow } from 'date-fns';
import {
  Check,
  Copy,
  EllipsisVertical,
  ExternalLink,
  Mail,
  Power,
  PowerOff,
  QrCode,
  SlidersHorizontal,
} from 'lucide-react';
import { useRef, useState, type ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { SUBSCRIPTION_REQUIRED_CODE } from '@shared/contracts/subscription';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { closeOnUnheardEscape } from '@web/components/ui/close-on-unheard-escape';
import { ApiRequestError } from '@web/lib/api-request-error';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@shared/format-date';
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import { formatMoney } from '@web/lib/format-money';
import { useMerchantProfile } from '@web/lib/merchant-profile';
import { SendRequestDialog } from '@web/features/requests';
import { sharedControlShownTo, teamStrings, useCurrentRole } from '@web/features/team';
import { useSetPaymentLinkActive } from '@web/lib/payment-links-api';
import { useCopyLink } from '../hooks/use-copy-link';
import { linkAmountText, linkBadges, linkRepeatText, linkTipPercents, publicLinkUrl } from '../payment-link-display';
import { paymentLinksStrings } from '../payment-links-strings';
import { EditExpiryButton } from './edit-expiry-dialog';
import { EditSettingsDialog } from './edit-settings-dialog';

const strings = paymentLinksStrings.manage;

/** One link in Manage Links: what it is, whether it takes payments, and what the merchant can do with it. */
export function PaymentLinkRow({
  link,
  onGenerateQr,
}: {
  link: PaymentLink;
  onGenerateQr: (link: PaymentLink) => void;
}) {
  const url = publicLinkUrl(link.linkId);
  const tipPercent = linkTipPercents(link);
  const repeats = linkRepeatText(link);
  const createdAt = new Date(link.createdAt);
  const timeZone = useMerchantProfile().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const { copied, copy } = useCopyLink();
  // One mutation per row, so only this link's menu item waits while its update is in flight.
  const toggle = useSetPaymentLinkActive();
  // 'Generate QR Code' moves the merchant to the QR tab, and 'Edit link settings' opens a dialog: either takes
  // the focus, so the closing menu must not hand it back to its button.
  const focusGoesElsewhere = useRef(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Held here so an Escape pressed before Radix listens still closes the menu (close-on-unheard-escape.ts).
  const [menuOpen, setMenuOpen] = useState(false);
  const [editingSettings, setEditingSettings] = useState(false);
  const [sendingRequest, setSendingRequest] = useState(false);
  // Changing or closing a link is a manager's (docs/decisions.md #161): Staff create links and their QR codes.
  const role = useCurrentRole();
  const canChange = sharedControlShownTo(role, 'manager');

  const setActive = (isActive: boolean) =>
    toggle.mutate(
      { linkId: link.linkId, isActive },
      {
        onSuccess: () => toast.success(isActive ? strings.activated : strings.deactivated),
        onError: (error) =>
          toast.error(paymentLinksStrings.errorTitle, {
            description:
              error instanceof ApiRequestError && error.code === SUBSCRIPTION_REQUIRED_CODE
                ? error.message
                : strings.toggleFailed,
          }),
      },
    );

  return (
    <li className="flex flex-col gap-3 p-6 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words">{link.title}</h3>
          {/* An expired link takes no payment, so it never reads as Active (docs/decisions.md #53). */}
          {linkBadges(link).map((badge) => (
            <Badge key={badge.label} variant={badge.variant}>
              {badge.label}
            </Badge>
          ))}
          {repeats ? <Badge variant="brand">{repeats}</Badge> : null}
        </div>
        {link.description ? <p className="text-sm break-words text-muted-foreground">{link.description}</p> : null}
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{strings.amount(linkAmountText(link))}</span>
          {tipPercent ? <span>{strings.tip(tipPercent)}</span> : null}
          {/* A recurring link's places are its subscribers (docs/decisions.md #154). */}
          {link.maxPayments != null ? (
            <span title={repeats ? strings.subscribedHint : strings.soldHint}>
              {(repeats ? strings.subscribed : strings.sold)(link.soldCount, link.maxPayments)}
            </span>
          ) : null}
          <time dateTime={link.createdAt} title={createdAt.toLocaleString('en-NZ')}>
            {strings.created(formatDistanceToNow(createdAt, { addSuffix: true }))}
          </time>
          {link.expiresAt ? (
            <time dateTime={link.expiresAt}>
              {(link.expired ? strings.expiredAt : strings.expires)(formatDateTime(link.expiresAt, timeZone))}
            </time>
          ) : null}
          {link.reference ? <span>{strings.reference(link.reference)}</span> : null}
        </p>
        <LinkResults link={link} />
      </div>

      <div className="-ml-2 flex items-center gap-1 sm:ml-0">
        {canChange ? <EditExpiryButton link={link} /> : null}
        <Button variant="ghost" size="icon" aria-label={strings.copyLink(link.title)} onClick={() => void copy(url)}>
          {copied ? <Check aria-hidden="true" className="text-primary" /> : <Copy aria-hidden="true" />}
        </Button>
        <Button variant="ghost" size="icon" asChild>
          <a href={url} target="_blank" rel="noopener noreferrer" aria-label={strings.openPage(link.title)}>
            <ExternalLink aria-hidden="true" />
          </a>
        </Button>
        <DropdownMenu.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <DropdownMenu.Trigger asChild>
            <Button ref={menuButton} variant="ghost" size="icon" aria-label={strings.actions(link.title)}>
              <EllipsisVertical aria-hidden="true" />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={4}
              // Off the screen's edge on a phone, where the menu is wider than the space left of its button.
              collisionPadding={8}
              onCloseAutoFocus={(event) => {
                if (focusGoesElsewhere.current) event.preventDefault();
                focusGoesElsewhere.current = false;
              }}
              onKeyDown={(event) => closeOnUnheardEscape(event, () => setMenuOpen(false))}
              className="z-50 min-w-48 rounded-lg border border-border bg-background p-1 shadow-lg"
            >
              {canChange ? (
                <>
                  <MenuItem disabled={toggle.isPending} onSelect={() => setActive(!link.isActive)}>
                    {link.isActive ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
                    {link.isActive ? strings.deactivate : strings.activate}
                  </MenuItem>
                  <MenuItem
                    onSelect={() => {
                      focusGoesElsewhere.current = true;
                      setEditingSettings(true);
                    }}
                  >
                    <SlidersHorizontal aria-hidden="true" />
                    {strings.editSettings}
                  </MenuItem>
                </>
              ) : null}
              <MenuItem
                onSelect={() => {
                  focusGoesElsewhere.current = true;
                  onGenerateQr(link);
                }}
              >
                <QrCode aria-hidden="true" />
                {strings.generateQr}
              </MenuItem>
              {link.isActive && !link.expired ? (
                <MenuItem onSelect={() => setSendingRequest(true)}>
                  <Mail aria-hidden="true" />
                  {strings.sendToCustomer}
                </MenuItem>
              ) : null}
              {role && !canChange ? (
                <DropdownMenu.Label className="max-w-64 px-2 py-1.5 text-xs text-muted-foreground">
                  {teamStrings.linkChangesHidden(role)}
                </DropdownMenu.Label>
              ) : null}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
        <EditSettingsDialog
          link={link}
          open={editingSettings}
          onOpenChange={setEditingSettings}
          onClosed={() => menuButton.current?.focus()}
        />
        <SendRequestDialog link={link} open={sendingRequest} onOpenChange={setSendingRequest} />
      </div>
    </li>
  );
}

/**
 * What the link has taken (docs/decisions.md #82): payments and their gross, labelled as before refunds. A
 * link older than the count says so instead of showing a part of its history as the whole. A recurring link's
 * count is its sign-ups, as its row keeps them; every later payment is on Subscribers (#191).
 */
function LinkResults({ link }: { link: PaymentLink }) {
  const { results } = link;
  if (link.repeat && results) return <RecurringLinkResults link={link} results={results} />;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="text-muted-foreground">{strings.resultsLabel}:</span>
      {results ? (
        <>
          <span className="font-medium tabular-nums">{strings.payments(results.payments)}</span>
          <span aria-hidden="true" className="text-muted-foreground">
            ·
          </span>
          <span className="font-medium tabular-nums">
            {strings.gross(formatMoney(results.grossCents, link.currency))}
          </span>
          <span className="text-muted-foreground">{strings.beforeRefunds}</span>
        </>
      ) : (
        <span className="text-muted-foreground">{strings.noResults}</span>
      )}
    </p>
  );
}

function RecurringLinkResults({ link, results }: { link: PaymentLink; results: NonNullable<PaymentLink['results']> }) {
  // Only for whom the sidebar offers Subscribers (a manager or an owner).
  const role = useCurrentRole();
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="text-muted-foreground">{strings.resultsLabel}:</span>
      <span className="font-medium tabular-nums">{strings.subscribers(results.payments)}</span>
      <span aria-hidden="true" className="text-muted-foreground">
        ·
      </span>
      <span className="font-medium tabular-nums">
        {strings.grossAtSignUp(formatMoney(results.grossCents, link.currency))}
      </span>
      {sharedControlShownTo(role, 'manager') ? (
        <Link
          to={`/dashboard/subscribers?linkId=${encodeURIComponent(link.linkId)}`}
          aria-label={strings.seeSubscribers(link.title)}
          className="font-medium text-primary underline underline-offset-4"
        >
          {strings.seeSubscribersText}
        </Link>
      ) : null}
    </p>
  );
}

function MenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return (
    <DropdownMenu.Item
      className={cn(
        'flex h-10 cursor-default items-center gap-2 rounded-md px-3 text-sm outline-none select-none',
        'data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        '[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}
