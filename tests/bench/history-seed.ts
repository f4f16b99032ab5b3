/**
 * The bench's payment histories (100 and 100,000 payments), seeded through the repository and `settle()`
 * (tests/support/payments-seed.ts) in a worker thread: the seeding's SDK work runs on the second core while
 * dynalite answers on the first, which nearly halves the time a 100,000-payment history takes. The worker
 * reaches the runtime as the functions do, through the environment the runtime set (copied at its start).
 *
 * The history: settled over the last year, oldest first, one in ten failed, each day sealed once two days
 * have passed (as the schedule would have); one payment in a hundred is a regular customer's (`regular.customer@example.com`), the email filter's.
 */
import { isMainThread, Worker, workerData } from 'node:worker_threads';

export interface HistorySeed {
  merchantId: string;
  count: number;
  /** The instant the history ends at (ms). */
  now: number;
  stripeUrl: string;
  stripeKey: string;
}

const DAY_MS = 86_400_000;

/** One payment in ten failed. */
export const isFailedInHistory = (index: number) => index % 10 === 3;
const HISTORY_SPAN_MS = 365 * DAY_MS;

/** Seeds the history in a worker thread; resolves when it is written. */
export function seedPaymentHistory(seed: HistorySeed): Promise<void> {
  return new Promise((resolve, reject) => {
    // This same TypeScript file, loaded in the worker through tsx's API: the tsx command's hooks stay on its thread.
    const tsImport = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
      .then(({ tsImport }) => tsImport(${JSON.stringify(import.meta.url)}, ${JSON.stringify(import.meta.url)}))`;
    const worker = new Worker(tsImport, { eval: true, workerData: seed });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the history seeding worker exited with ${code}`)),
    );
  });
}

async function seedInThisThread({ merchantId, count, now, stripeUrl, stripeKey }: HistorySeed) {
  const { quietAwsSdkNotices } = await import('@infra/local/quiet-sdk-notices');
  quietAwsSdkNotices();
  const { seedSettledPayments } = await import('../support/payments-seed');
  const { sandboxStripeClient } = await import('../support/stripe-sandbox');
  await seedSettledPayments(
    { stripe: sandboxStripeClient(stripeUrl, stripeKey) },
    {
      merchantId,
      count,
      settledAt: (index) =>
        new Date(now - HISTORY_SPAN_MS + Math.floor((index / count) * (HISTORY_SPAN_MS - 3_600_000))),
      status: (index) => (isFailedInHistory(index) ? 'failed' : 'succeeded'),
      details: (index) => ({
        payerEmail: index % 100 === 0 ? 'Regular.Customer@example.com' : `payer${index}@example.com`,
        payerName: `Payer ${index}`,
      }),
      sealPassedDays: true,
      concurrency: 200,
    },
  );
}

if (!isMainThread && (workerData as HistorySeed | undefined)?.merchantId)
  await seedInThisThread(workerData as HistorySeed);
