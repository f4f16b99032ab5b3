/**
 * The signed-in dashboard's one realtime socket (docs/decisions.md #7, #8): mounted once in the dashboard
 * shell, it refreshes every payment, stat and link on screen when a payment's push arrives (everything, when
 * Stripe changed the merchant's connection or plan), and tells the page how the
 * connection is doing for the 'Live' indicator. Unmounting it (leaving the dashboard, logging out) closes it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PaymentUpdatedDetail } from '@shared/contracts/realtime';
import { currentAccessToken } from '../api-client';
import { paymentLinksQueryKey } from '../payment-links-api';
import { paymentsQueryKey } from '../payments-api';
import { loadRuntimeConfig } from '../runtime-config';
import { openRealtimeConnection, type RealtimeStatus } from './realtime-connection';

interface RealtimeContextValue {
  status: RealtimeStatus;
  /** Closes the socket for good (e.g. before signing out, so it never retries with no session). */
  close: () => void;
}

const RealtimeContext = createContext<RealtimeContextValue>({ status: 'offline', close: () => {} });

export function RealtimeProvider({
  children,
  businessId,
  onPaymentUpdated,
}: {
  children: ReactNode;
  /**
   * The business the dashboard looks at (the switcher's, docs/decisions.md #196); null for the person's own.
   * The socket watches that business: a new one reconnects.
   */
  businessId: string | null;
  /** Called for every `payment.updated` push, after the payment queries were invalidated. */
  onPaymentUpdated?: (payment: PaymentUpdatedDetail) => void;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const onPaymentUpdatedRef = useRef(onPaymentUpdated);
  const connectionRef = useRef<{ close: () => void } | undefined>(undefined);

  useEffect(() => {
    onPaymentUpdatedRef.current = onPaymentUpdated;
  }, [onPaymentUpdated]);

  useEffect(() => {
    // A payment moves its link's sold places and results too (docs/decisions.md #58, #82): the links list
    // is read again with the payments, so an open Manage Links says "2 of 2 sold" as the second one pays.
    const refreshPayments = () => {
      void queryClient.invalidateQueries({ queryKey: paymentsQueryKey });
      void queryClient.invalidateQueries({ queryKey: paymentLinksQueryKey });
    };
    const connection = openRealtimeConnection({
      getUrl: async () => {
        const url = new URL((await loadRuntimeConfig()).realtimeUrl);
        if (businessId) url.searchParams.set('business', businessId);
        return url.toString();
      },
      // As the API client gets it (Amplify only when the stored token will not do). Asked on every
      // (re)connect, so an expired token is refreshed before it is offered.
      getAccessToken: currentAccessToken,
      onStatus: setStatus,
      onMessage: (message) => {
        if (message.type === 'merchant.updated' && message.merchant.change === 'subscribers') {
          // A subscriber signed up, paid a period or ended: the Subscribers screen is read under the
          // payments' key, and nothing else changed (docs/decisions.md #190).
          refreshPayments();
          return;
        }
        if (message.type === 'merchant.updated' || message.type === 'access.changed') {
          // Stripe changed the connection or the plan (onboarding or the upgrade finished, perhaps in
          // another tab): every query on screen is read again, as the gates, cards and badge all follow
          // them (docs/decisions.md #87). So does a change to this person's role or membership (#196, #197):
          // a removed member's next read is refused, which signs this tab out. Rare enough to read everything.
          void queryClient.invalidateQueries();
          return;
        }
        refreshPayments();
        onPaymentUpdatedRef.current?.(message.payment);
      },
      // Pushes sent while the socket was down are lost: read everything again once it is back.
      onReconnected: refreshPayments,
    });
    connectionRef.current = connection;
    return () => {
      connection.close();
      connectionRef.current = undefined;
    };
  }, [queryClient, businessId]);

  const value = useMemo<RealtimeContextValue>(
    () => ({ status, close: () => connectionRef.current?.close() }),
    [status],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

/** How the dashboard's realtime socket is doing; `offline` outside the dashboard. */
export function useRealtimeStatus(): RealtimeStatus {
  return useContext(RealtimeContext).status;
}

/** Closes the dashboard's realtime socket (logout does, before it signs out). */
export function useCloseRealtime(): () => void {
  return useContext(RealtimeContext).close;
}
