/**
 * What some actions open instead of doing anything (account deletion, Stripe disconnect:
 * docs/decisions.md #14): a dialog that says to contact support, with a prefilled email.
 */
import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { SUPPORT_EMAIL } from '@shared/brand';
import { Button } from './ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog';

export interface ContactSupportDialogProps {
  /** The button that opens it. */
  trigger: ReactNode;
  title: string;
  /** Words before and after the support address. */
  body: string;
  followUp: string;
  mail: { subject: string; body: string };
  labels: { close: string; emailSupport: string };
}

export function supportMailto(mail: { subject: string; body: string }): string {
  // mailto wants %20 for spaces; URLSearchParams writes '+', which mail apps show literally.
  return `mailto:${SUPPORT_EMAIL}?${new URLSearchParams(mail).toString().replaceAll('+', '%20')}`;
}

export function ContactSupportDialog({ trigger, title, body, followUp, mail, labels }: ContactSupportDialogProps) {
  const mailto = supportMailto(mail);
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={labels.close}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {body}{' '}
            <a href={mailto} className="font-medium text-primary underline-offset-4 hover:underline">
              {SUPPORT_EMAIL}
            </a>{' '}
            {followUp}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{labels.close}</Button>
          </DialogClose>
          <Button asChild>
            <a href={mailto}>
              <Mail aria-hidden="true" />
              {labels.emailSupport}
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
