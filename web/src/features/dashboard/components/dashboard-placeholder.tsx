import { BrandHomeLink } from '../../../components/brand-logo';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { dashboardStrings } from '../dashboard-strings';

/** Stand-in for the dashboard shell (sidebar, stats) until that issue lands; it proves the guard works. */
export function DashboardPlaceholder() {
  return (
    <div className="min-h-dvh bg-surface">
      <header className="border-b border-border bg-background px-4 py-4 sm:px-8">
        <BrandHomeLink />
      </header>
      <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-8">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{dashboardStrings.heading}</h1>
        <Card>
          <CardHeader>
            <CardTitle as="h2">{dashboardStrings.placeholder.title}</CardTitle>
            <CardDescription>{dashboardStrings.placeholder.body}</CardDescription>
          </CardHeader>
        </Card>
      </main>
    </div>
  );
}
