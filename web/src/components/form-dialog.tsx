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
import { Button } from './ui/button';

/**
 * A dialog holding one form: opened by its own `trigger` button, or, when something else opens it (a menu
 * item, a page's button), by the caller's `open` and `onOpenChange`. The form mounts each time the dialog
 * opens, so every opening starts from what is saved; it is given `close` for its Cancel button and for success.
 * A caller whose dialog must outlive a redraw of this component (a refund in a list that redraws its rows)
 * keeps `open` itself, with the trigger still here.
 */
export function FormDialog({
  trigger,
  open: openFromCaller,
  onOpenChange,
  onClosed,
  closeLabel,
  children,
}: {
  /** Accessible name of the corner close button: the form's Cancel. */
  closeLabel: string;
  children: (close: () => void) => ReactNode;
} & (
  | {
      /** The button that opens the dialog. */
      trigger: ReactElement;
      /** Given when the caller keeps whether it is open (so it outlives this component); else its own. */
      open?: boolean;
      onOpenChange?: (open: boolean) => void;
      onClosed?: never;
    }
  | {
      trigger?: never;
      open: boolean;
      onOpenChange: (open: boolean) => void;
      /** Where the focus goes when it closes, when what opened it is gone by then (a menu). */
      onClosed?: () => void;
    }
)) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openFromCaller ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        closeLabel={closeLabel}
        onCloseAutoFocus={
          onClosed
            ? (event) => {
                event.preventDefault();
                onClosed();
              }
            : undefined
        }
      >
        {children(() => setOpen(false))}
      </DialogContent>
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

/**
 * The foot most DialogForms have: Cancel, then the submit button, which says it is working while `pending`
 * (both disabled then, so a second click cannot send the form twice).
 */
export function CancelAndSubmit({
  cancelLabel,
  onCancel,
  submitLabel,
  pendingLabel,
  pending,
  destructive = false,
}: {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: ReactNode;
  pendingLabel: string;
  pending: boolean;
  /** A submit that cannot be undone (a refund) is drawn as such. */
  destructive?: boolean;
}) {
  return (
    <>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={destructive ? 'destructive' : undefined} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </>
  );
}
