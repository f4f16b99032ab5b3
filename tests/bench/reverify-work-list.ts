/**
 * What a bench section's re-verify runs took from the schedule's work list, beside the payments the section
 * seeded. The bench's sections share one runtime: a payment an earlier section left due (the busy payout's
 * 20,000, written pending with no Checkout session until af5ab57) sits ahead of the section's own, and a run
 * spends its budget on it while the row still reads as the section's own (session 25's whole bench: 12
 * lost-webhook runs with 0 Stripe calls, a "saturated" run that checked none of its 2,500).
 */
import { PENDING_SHARDS, type PaymentRecord, type PaymentRepository } from '@functions/domain/payments';
import { REVERIFY_CHECKS_PER_RUN } from '@functions/domain/reverification';

export interface WatchedWorkList {
  /** The payment store, its due list watched. */
  payments: PaymentRepository;
  /** Payments not the section's own among those the runs so far took. */
  othersTaken(): number;
}

export function watchWorkList(payments: PaymentRepository, ownPaymentIds: ReadonlySet<string>): WatchedWorkList {
  let othersTaken = 0;
  let shardsListed: PaymentRecord[][] = [];
  // A run lists every pending shard once, then takes the most overdue across them up to its Stripe budget
  // (reverification.ts): the same choice, made from the lists it was given.
  const countRun = () => {
    const taken = shardsListed
      .flat()
      .sort((a, b) => (a.reverifyAt ?? '').localeCompare(b.reverifyAt ?? ''))
      .slice(0, REVERIFY_CHECKS_PER_RUN);
    othersTaken += taken.filter(({ paymentId }) => !ownPaymentIds.has(paymentId)).length;
    shardsListed = [];
  };
  return {
    payments: {
      ...payments,
      listDueForReverify: async (shard, now, limit) => {
        const listed = await payments.listDueForReverify(shard, now, limit);
        shardsListed.push(listed);
        if (shardsListed.length === PENDING_SHARDS) countRun();
        return listed;
      },
    },
    othersTaken: () => othersTaken,
  };
}

/** The problem a section reports when its runs took other sections' payments: its row would not be its own. */
export function othersTakenProblems(section: string, othersTaken: number): string[] {
  return othersTaken === 0
    ? []
    : [`${section}: its re-verify runs took ${othersTaken} payments other sections left due, ahead of its own`];
}
