import { LoaderCircle } from 'lucide-react';

/** Part of a page that is still loading, with the words that say what ('Loading your dashboard...'). */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-8 text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-primary" />
      <span>{label}</span>
    </div>
  );
}
