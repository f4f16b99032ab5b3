import type { ReactNode, RefObject } from 'react';
import { Sheet, SheetContent, SheetTitle } from '@web/components/ui/sheet';

/**
 * The shell's menu as a drawer on a phone, opened by the header's menu button. Loaded the first time the
 * button is pressed (dashboard-shell.tsx): Radix's dialog (~10 KB gzip) is no part of the dashboard's first
 * visit (docs/decisions.md #181). Closing it hands focus back to the button, as a Radix trigger would.
 */
export function MenuDrawer({
  open,
  onOpenChange,
  title,
  closeLabel,
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        closeLabel={closeLabel}
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetTitle className="sr-only">{title}</SheetTitle>
        {children}
      </SheetContent>
    </Sheet>
  );
}
