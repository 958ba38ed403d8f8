import { useState } from 'react';
import { ListChecks } from 'lucide-react';
import { ApiError } from '../../platform/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

/**
 * What a failed tick or clear says (SPEC §8's 'Failed to update note.'), or the server's reason when the item
 * is gone (409, changed on another device). Offline, the offline banner says why as well.
 */
export function checklistFailure(error: unknown): string {
  return error instanceof ApiError && error.status === 409 && error.serverMessage
    ? error.serverMessage
    : 'Failed to update note.';
}

interface ClearTickedButtonProps {
  /** The note's title, named in the confirmation ('' for a note not titled yet: "this note"). */
  title: string;
  /** Removes the ticked items, once confirmed (it reports its own outcome). */
  onConfirm: () => void;
  /** On the board the button sits above the card's whole-card link. */
  className?: string;
}

/**
 * "Clear ticked items" (issue 45 item 1): asks first, because removed items are gone from the note (there is
 * no undo), then runs `onConfirm`. The dialog names the note and says that open items stay.
 */
export function ClearTickedButton({ title, onConfirm, className }: ClearTickedButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" className={className} onClick={() => setOpen(true)}>
        <ListChecks className="h-4 w-4" aria-hidden />
        Clear ticked items
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        message={`Are you sure you want to clear the ticked items from ${title.trim() ? `“${title.trim()}”` : 'this note'}?`}
        details="Ticked items are removed from the note. Items not ticked stay."
        confirmLabel="Clear ticked items"
        onConfirm={onConfirm}
      />
    </>
  );
}
