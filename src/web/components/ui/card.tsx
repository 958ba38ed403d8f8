import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

/** A white panel with a border, the app's basic surface. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn('rounded-lg border border-slate-200 bg-white shadow-sm', className)} {...props} />
  );
}
