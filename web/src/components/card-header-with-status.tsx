import type { ReactNode } from 'react';
import { CardDescription, CardHeader, CardTitle } from './ui/card';

/**
 * A titled card's header: its h2 on the left and what state it is in (a badge, the Live pill) on the
 * right, wrapping under the title when the card is narrow; then an optional line. `titleId` lets the card
 * be a region named by its title.
 */
export function CardHeaderWithStatus({
  title,
  titleId,
  status,
  description,
}: {
  title: string;
  titleId?: string;
  status?: ReactNode;
  description?: ReactNode;
}) {
  return (
    <CardHeader>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle as="h2" id={titleId}>
          {title}
        </CardTitle>
        {status}
      </div>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </CardHeader>
  );
}
