import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';

/**
 * A question before an action that cannot be taken back (cancel a request, a subscription): its title and
 * words, a button that keeps things as they are and closes it (the close cross says the same), and the
 * actions after it. `busy` holds the keep button while an action is on its way.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  keepLabel,
  busy,
  children: actions,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  keepLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(opening) => (opening ? undefined : onClose())}>
      <DialogContent closeLabel={keepLabel}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter className="flex-wrap">
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            {keepLabel}
          </Button>
          {actions}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
