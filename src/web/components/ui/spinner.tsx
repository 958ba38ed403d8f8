import { cn } from './cn.ts';

/** A loading spinner with an accessible name. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-block', className)}>
      <span className="block h-8 w-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600" />
    </span>
  );
}

/** The whole-page spinner shown while the session loads (SPEC §2). */
export function FullPageSpinner() {
  return (
    <div className="flex h-full min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}
