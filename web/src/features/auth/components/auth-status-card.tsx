import type { ReactNode } from 'react';
import { PublicPageShell } from '@web/components/public-page-shell';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';

const toneClasses = {
  neutral: 'bg-primary-soft text-primary',
  success: 'bg-emerald-50 text-emerald-700',
  warning: 'bg-amber-50 text-amber-700',
  error: 'bg-red-50 text-red-700',
} as const;

interface AuthStatusCardProps {
  icon: ReactNode;
  tone: keyof typeof toneClasses;
  heading: string;
  body: ReactNode;
  /** role="alert" for failures, so a screen reader hears them without hunting. */
  role?: 'alert' | 'status';
  children?: ReactNode;
}

/** One state of a page opened from an emailed link (verifying, verified, expired…): icon, words, next steps. */
export function AuthStatusCard({ icon, tone, heading, body, role, children }: AuthStatusCardProps) {
  return (
    <PublicPageShell>
      <Card className="mx-auto w-full max-w-md">
        <CardHeader className="items-center gap-4 text-center" role={role}>
          <span
            className={cn(
              'inline-flex size-14 items-center justify-center rounded-full [&_svg]:size-7',
              toneClasses[tone],
            )}
          >
            {icon}
          </span>
          <CardTitle as="h1" className="text-2xl">
            {heading}
          </CardTitle>
          <CardDescription className="text-base">{body}</CardDescription>
        </CardHeader>
        {children ? <CardContent className="flex flex-col gap-6">{children}</CardContent> : null}
      </Card>
    </PublicPageShell>
  );
}
