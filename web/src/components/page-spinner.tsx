import { Spinner } from './ui/spinner';

/** A whole screen that is still loading (a route's code, the session). */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="animate-delayed-fade-in flex min-h-dvh items-center justify-center">
      <Spinner label={label} className="[&_svg]:size-8" />
    </div>
  );
}
