import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import { cn } from './cn.ts';

const controlClass =
  'block w-full rounded-md border bg-white px-3 py-2 max-md:min-h-11 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 disabled:bg-slate-100';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** A labelled form control with its inline error message, wired for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {hint && !error ? <p className="text-xs text-slate-600">{hint}</p> : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A text-like input styled for the app; pass react-hook-form's `register()` result as props. */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return (
    <input
      ref={ref}
      className={cn(controlClass, invalid ? 'border-red-500' : 'border-slate-300', className)}
      {...props}
    />
  );
});

/** A native select (keyboard and screen-reader friendly everywhere, including phones). */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...props },
  ref,
) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return (
    <select
      ref={ref}
      className={cn(controlClass, invalid ? 'border-red-500' : 'border-slate-300', className)}
      {...props}
    />
  );
});

/** A multi-line input with the same look. */
export const Textarea = forwardRef<HTMLTextAreaElement, React.TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...props }, ref) {
    const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
    return (
      <textarea
        ref={ref}
        className={cn(controlClass, invalid ? 'border-red-500' : 'border-slate-300', className)}
        {...props}
      />
    );
  },
);
