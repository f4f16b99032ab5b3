import {
  createContext,
  useCallback,
  useContext,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import type { RefundReason } from '@shared/contracts/payments';

/**
 * A refund being written: whether its dialog is open, what is typed in it, and the idempotency key its submits
 * carry. Held by the transactions list rather than by the dialog, because the list draws a table from 1280 px up
 * and cards below it: a window crossing that width (a tablet turned, a window snapped to half the screen, a
 * full-page screenshot) redraws every row, and a dialog holding its own state lost what the merchant had typed
 * and closed.
 */
export interface RefundDraft {
  open: boolean;
  amountText: string;
  reason: RefundReason;
  /** One per opening, kept through a redraw: a submit sent before it and one after refund once. */
  idempotencyKey: string;
  amountError?: string;
}

type Drafts = ReadonlyMap<string, RefundDraft>;
type DraftsState = [Drafts, Dispatch<SetStateAction<Drafts>>];

const RefundDraftsContext = createContext<DraftsState | null>(null);

/** Keeps the refunds being written in the list below it through any redraw of its rows. */
export function RefundDraftsProvider({ children }: { children: ReactNode }) {
  const drafts = useState<Drafts>(() => new Map());
  return <RefundDraftsContext.Provider value={drafts}>{children}</RefundDraftsContext.Provider>;
}

/**
 * One payment's refund draft: `start` opens a new one, `edit` changes the open one (a stable function, so a
 * request's answer can still reach the draft after the form that sent it was drawn again).
 */
export function useRefundDraft(paymentId: string) {
  const shared = useContext(RefundDraftsContext);
  if (!shared) throw new Error('useRefundDraft needs a RefundDraftsProvider above it (the transactions list)');
  const [drafts, setDrafts] = shared;
  const start = useCallback(
    (draft: RefundDraft) => setDrafts((all) => new Map(all).set(paymentId, draft)),
    [setDrafts, paymentId],
  );
  const edit = useCallback(
    (changes: Partial<RefundDraft>) =>
      setDrafts((all) => {
        const draft = all.get(paymentId);
        return draft ? new Map(all).set(paymentId, { ...draft, ...changes }) : all;
      }),
    [setDrafts, paymentId],
  );
  return { draft: drafts.get(paymentId), start, edit };
}
