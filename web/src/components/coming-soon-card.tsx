import type { LucideIcon } from 'lucide-react';
import { Card } from './ui/card';

/** A page whose feature is not built yet says so plainly, rather than showing made-up data. */
export function ComingSoonCard({ icon: Icon, message }: { icon: LucideIcon; message: string }) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="max-w-md text-muted-foreground">{message}</p>
    </Card>
  );
}
