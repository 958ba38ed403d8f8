import { Link } from 'react-router';

/** Placeholder landing page for signed-out visitors until the waitlist issue builds it. */
export function LandingPage() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-bold text-slate-900">FamilyHub</h1>
      <p className="mt-4 text-lg text-slate-700">
        One shared calendar, tasks, notes and reminders for the whole family.
      </p>
      <div className="mt-8 flex gap-4">
        <Link to="/login" className="font-medium text-indigo-700 underline">
          Sign in
        </Link>
        <Link to="/register" className="font-medium text-indigo-700 underline">
          Create an account
        </Link>
      </div>
    </main>
  );
}
