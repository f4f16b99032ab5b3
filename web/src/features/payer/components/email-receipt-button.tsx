import { Mail, TriangleAlert } from 'lucide-react';
import { regexes } from 'zod/v4/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiRequestError } from '@web/lib/api-request-error';
import { sendReceipt, serverMessage } from '../api/payer-api';
import { payerStrings } from '../payer-strings';
import { PayerToaster, showSuccessToast } from './payer-toaster';
import { payerButton, payerErrorAlert, payerInput } from './payer-ui';

const strings = payerStrings.receipt;

type EmailProblem = { title: string; message: string };

/** receiptRequestSchema's rule (shared/contracts/checkout.ts) with zod's own email pattern, without zod. */
function emailProblem(email: string): EmailProblem | null {
  if (email === '') return { title: strings.requiredTitle, message: strings.requiredMessage };
  if (!regexes.email.test(email)) return { title: strings.invalidTitle, message: strings.invalidMessage };
  return null;
}

/**
 * Email Receipt and its dialog: the email field prefilled with
 * the address the payer gave Stripe, Cancel and Send Receipt. A native <dialog> opened with showModal():
 * the browser makes it modal, keeps focus inside, closes it on Escape and hands focus back, at no cost in
 * download size.
 */
export function EmailReceiptButton({ sessionId, customerEmail }: { sessionId: string; customerEmail: string | null }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  const [email, setEmail] = useState(customerEmail ?? '');
  const [problem, setProblem] = useState<EmailProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  function open() {
    setOpened(true);
    dialog.current?.showModal();
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim().toLowerCase();
    const found = emailProblem(address);
    setProblem(found);
    setFailure(null);
    if (found) return;
    setBusy(true);
    try {
      const sent = await sendReceipt(sessionId, address);
      dialog.current?.close();
      void showSuccessToast(strings.sentTitle, strings.sentBody(sent.email));
    } catch (error) {
      const status = error instanceof ApiRequestError ? error.status : 0;
      // 429 (sent enough times) and 503 (email is not set up yet) say something a retry will not change.
      setFailure(status === 429 || status === 503 ? (serverMessage(error) ?? strings.failed) : strings.failed);
    } finally {
      setBusy(false);
    }
  }

  const fieldId = `${id}-email`;
  const problemId = `${id}-email-error`;
  return (
    <>
      <button type="button" className={payerButton()} onClick={open}>
        <Mail aria-hidden="true" />
        {payerStrings.success.emailReceipt}
      </button>
      {opened ? <PayerToaster /> : null}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        onClose={() => {
          setProblem(null);
          setFailure(null);
        }}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-card text-left border border-border bg-background p-6 text-foreground shadow-lg backdrop:bg-zinc-950/40"
      >
        <form noValidate onSubmit={(event) => void send(event)} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold">
              {strings.title}
            </h2>
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              {strings.description}
            </p>
          </div>
          <div className="flex flex-col gap-2">
            <label htmlFor={fieldId} className="text-sm font-medium">
              {strings.emailLabel}
            </label>
            <input
              id={fieldId}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              className={`h-12 ${payerInput}`}
            />
            {problem ? (
              <p id={problemId} role="alert" className="text-sm text-destructive">
                <span className="font-semibold">{problem.title}</span> - {problem.message}
              </p>
            ) : null}
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
