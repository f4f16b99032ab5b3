import { TriangleAlert } from 'lucide-react';
import { Button } from './ui/button';
import { Card } from './ui/card';

/** Data a page needs could not be loaded: say so, say why, and offer to try again. */
export function LoadFailedCard({
  title,
  message,
  retryLabel,
  onRetry,
  retrying = false,
}: {
  title: string;
  message: string;
  retryLabel: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Card role="alert" className="flex flex-col items-start gap-4 p-6">
      <div className="flex gap-3">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div className="flex flex-col gap-1">
          <h2 className="font-semibold">{title}</h2>
          <p className="text-sm text-muted-foreground">{message}</p>
        </div>
      </div>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {retryLabel}
      </Button>
    </Card>
  );
}
