import { useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog';

/**
 * A button that opens a dialog holding one form. The form mounts each time the dialog opens, so every
 * opening starts from what is saved (and a refund's idempotency key is one per opening); it is given
 * `close` for its Cancel button and for success.
 */
export function FormDialog({
  trigger,
  closeLabel,
  children,
}: {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  /** Accessible name of the corner close button: the form's Cancel. */
  closeLabel: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={closeLabel}>{children(() => setOpen(false))}</DialogContent>
    </Dialog>
  );
}

/** The form inside a FormDialog: its title and description, its fields, and its buttons at the foot. */
export function DialogForm({
  title,
  description,
  onSubmit,
  footer,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  onSubmit: (event: FormEvent) => void;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <DialogFooter>{footer}</DialogFooter>
    </form>
  );
}
