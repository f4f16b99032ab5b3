import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { appStrings } from '../app-strings';

const strings = appStrings.routeError;

function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return strings.unknownError;
}

/** What the router shows when a page throws while loading or rendering. */
export function RouteErrorScreen() {
  const error = useRouteError();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface px-4 py-16">
      <div
        role="alert"
        className="flex w-full max-w-lg flex-col gap-4 rounded-card border border-border bg-background p-8 shadow-sm"
      >
        <TriangleAlert aria-hidden="true" className="size-8 text-destructive" />
        <h1 className="text-2xl font-semibold tracking-tight">{strings.heading}</h1>
        <p className="text-muted-foreground">{strings.body}</p>
        <pre className="overflow-x-auto rounded-lg bg-muted p-4 font-mono text-sm whitespace-pre-wrap text-foreground">
          {describeError(error)}
        </pre>
        <div className="flex flex-wrap gap-2">
          {/* Full page loads: the app's state (or a stale deploy's chunk list) may be what broke. */}
          <Button asChild>
            <a href="/">{strings.returnHome}</a>
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            {strings.reload}
          </Button>
        </div>
      </div>
    </main>
  );
}
