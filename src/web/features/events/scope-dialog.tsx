import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import type { OccurrenceScope } from '../../../core/contracts/events.ts';

interface ScopeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'delete' → 'Delete Recurring Event'; 'edit' → 'Edit Recurring Event'. */
  action: 'delete' | 'edit';
  pending: boolean;
  onChoose: (scope: OccurrenceScope) => void;
}

/**
 * SPEC §2: deleting (or saving) a recurring event asks which occurrences: 'This event only',
 * 'This and following events' or 'All events in series'.
 */
export function ScopeDialog({ open, onOpenChange, action, pending, onChoose }: ScopeDialogProps) {
  const destructive = action === 'delete';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={destructive ? 'Delete Recurring Event' : 'Edit Recurring Event'}
      description={
        destructive
          ? 'Are you sure you want to delete this event? This will also delete all associated tasks. Which events should be deleted?'
          : 'This event repeats. Which events should change?'
      }
    >
      <div className="flex flex-col gap-2">
        <Button
          variant={destructive ? 'destructive' : 'primary'}
          disabled={pending}
          onClick={() => onChoose('this')}
        >
          This event only
        </Button>
        <Button variant="secondary" disabled={pending} onClick={() => onChoose('following')}>
          This and following events
        </Button>
        <Button variant="secondary" disabled={pending} onClick={() => onChoose('all')}>
          All events in series
        </Button>
        <Button variant="ghost" disabled={pending} onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}

/** SPEC §8 confirmation for a one-off event. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Event"
      description="Are you sure you want to delete this event? This will also delete all associated tasks."
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={pending} onClick={onConfirm}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
