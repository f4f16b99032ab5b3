import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { closeOnUnheardEscape } from './close-on-unheard-escape';

/** A panel that slides over the page from its left edge (a drawer), e.g. the dashboard menu on a phone. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;

export type SheetContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Accessible name of the corner close button. */
  closeLabel?: string;
};

/** Radix traps focus inside, closes on Escape or a tap on the backdrop, and returns focus to the trigger. */
export function SheetContent({ className, children, closeLabel = 'Close', onKeyDown, ...props }: SheetContentProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="motion-safe:animate-fade-in fixed inset-0 z-50 bg-zinc-950/40" />
      <DialogPrimitive.Content
        className={cn(
          'motion-safe:animate-slide-in-left fixed inset-y-0 left-0 z-50 flex w-72 max-w-[calc(100%-3rem)] flex-col',
          'border-r border-border bg-background shadow-lg focus:outline-none',
          className,
        )}
        {...props}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          closeOnUnheardEscape(event, () => closeButton.current?.click());
        }}
      >
        {children}
        <DialogPrimitive.Close
          ref={closeButton}
          className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={closeLabel}
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
