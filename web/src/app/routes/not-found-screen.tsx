import { Link } from 'react-router-dom';
import { BrandHomeLink } from '@web/components/brand-home-link';
import { Button } from '@web/components/ui/button';
import { appStrings } from '../app-strings';

const strings = appStrings.notFound;

export function NotFoundScreen() {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="px-4 py-4 sm:px-8">
        <BrandHomeLink />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="flex max-w-md flex-col items-center gap-4 text-center">
          <p className="text-6xl font-bold tracking-tight text-primary">{strings.code}</p>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{strings.heading}</h1>
          <p className="text-muted-foreground">{strings.body}</p>
          <Button asChild size="lg" className="mt-4">
            <Link to="/">{strings.returnHome}</Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
