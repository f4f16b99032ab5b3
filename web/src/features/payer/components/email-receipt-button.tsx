import { Mail, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiRequestError } from '@web/lib/api-request-error';
import { prepareToasts, toast, Toaster } from '@web/lib/toast';
import { sendReceipt, serverMessage } from '../api/payer-api';
import { payerStrings } from '../payer-strings';
import { payerButton, payerErrorAlert } from '@shared/payer-page-look';

const strings = payerStrings.receipt;

/**
 * Email Receipt and its dialog: the receipt goes to the address the payer gave Stripe, shown masked as the
 * server sends it (docs/decisions.md #69), with Cancel and Send Receipt. A native <dialog> opened with
 * showModal(): the browser makes it modal, keeps focus inside, closes it on Escape and hands focus back, at
 * no cost in download size.
 */
export function EmailReceiptButton({ sessionId, customerEmail }: { sessionId: string; customerEmail: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  function open() {
    // The toast that says the receipt went is then ready when it is due.
    prepareToasts();
    dialog.current?.showModal();
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setBusy(true);
    try {
      const sent = await sendReceipt(sessionId);
      dialog.current?.close();
      toast.success(strings.sentTitle, { description: strings.sentBody(sent.email) });
    } catch (error) {
      const status = error instanceof ApiRequestError ? error.status : 0;
      // 403, 409, 429 and 503 say something a retry will not change.
      const said = [403, 409, 429, 503].includes(status) ? serverMessage(error) : undefined;
      setFailure(said ?? strings.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={payerButton()} onClick={open}>
        <Mail aria-hidden="true" />
        {payerStrings.success.emailReceipt}
      </button>
      <Toaster />
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        onClose={() => setFailure(null)}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-card text-left border border-border bg-background p-6 text-foreground shadow-lg backdrop:bg-zinc-950/40"
      >
        <form noValidate onSubmit={(event) => void send(event)} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold">
              {strings.title}
            </h2>
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              {strings.description} <span className="font-medium break-all text-foreground">{customerEmail}</span>
            </p>
          </div>
          {failure ? (
            <div role="alert" className={payerErrorAlert}>
              <TriangleAlert aria-hidden="true" />
              <p>{failure}</p>
            </div>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              className={payerButton({ variant: 'outline', className: 'sm:w-auto' })}
              onClick={() => dialog.current?.close()}
            >
              {strings.cancel}
            </button>
            <button type="submit" className={payerButton({ className: 'sm:w-auto' })} disabled={busy}>
              {busy ? strings.sending : strings.send}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
