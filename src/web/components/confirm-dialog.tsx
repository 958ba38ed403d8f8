import { AlertDialog } from 'radix-ui';
import { Button } from './ui/button.tsx';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. SPEC §8 'Are you sure you want to delete {name}?'. */
  message: string;
  /** What happens, said plainly under the question (e.g. that a member's sign-in ends). */
  details?: string | undefined;
  confirmLabel: string;
  /** The one way out without acting; it names what is kept when 'Cancel' would be ambiguous. */
  cancelLabel?: string;
  /** 'destructive' (red) for deletions, 'primary' for a change that is not a loss. */
  tone?: 'destructive' | 'primary';
  onConfirm: () => void;
  busy?: boolean;
}

/** A yes/no confirmation (Radix AlertDialog: focus starts on Cancel, Escape cancels). */
export function ConfirmDialog({
  open,
  onOpenChange,
  message,
  details,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'destructive',
  onConfirm,
  busy,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            Please confirm
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{message}</AlertDialog.Description>
          {details ? <p className="mt-2 text-sm text-slate-700">{details}</p> : null}
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={tone} onClick={onConfirm} disabled={busy}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
