import { Link } from 'react-router';

/** SPEC §2: any unknown signed-in path. */
export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="mt-6 inline-block font-medium text-indigo-700 underline">
        Back to the calendar
      </Link>
    </div>
  );
}
