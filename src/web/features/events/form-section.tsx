import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';

/** One titled panel of the Event form (SPEC §2), with an optional control (a switch) beside its title. */
export function FormSection({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="p-5">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      <div className="space-y-4">{children}</div>
    </Card>
  );
}
