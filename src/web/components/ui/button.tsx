import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn.ts';

const variants = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-indigo-400',
  secondary: 'bg-white text-slate-800 border border-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  destructive: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-400',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-11 px-5 text-base',
  icon: 'h-10 w-10 justify-center',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

/** The app's button. Defaults to type="button" so that a button inside a form never submits by accident. */
export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        // On the mobile layout every button is a 44 px touch target (WCAG 2.5.5).
        'inline-flex items-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed max-md:min-h-11',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
