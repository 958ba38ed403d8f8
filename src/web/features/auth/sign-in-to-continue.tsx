import { Link, useLocation } from 'react-router';
import { LogIn } from 'lucide-react';
import { loginPathFor } from '../../../core/auth/return-path.ts';

/**
 * Issue 46: above the landing page a signed-out visitor gets at a signed-in address (a deep link such as
 * `/tasks`, SPEC §2: the landing page at any other path), the way to sign in and come back to it.
 */
export function SignInToContinue() {
  const { pathname, search, hash } = useLocation();
  return (
    <section
      aria-label="Sign in to continue"
      className="border-b border-indigo-100 bg-indigo-50 px-4 py-3 text-sm text-indigo-950"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
        <p>This page is for signed-in family members.</p>
        <Link
          to={loginPathFor(`${pathname}${search}${hash}`)}
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-indigo-600 px-3 font-medium text-white hover:bg-indigo-700"
        >
          <LogIn className="h-4 w-4" aria-hidden />
          Sign in to open it
        </Link>
      </div>
    </section>
  );
}
