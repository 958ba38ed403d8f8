import { useQueryClient } from '@tanstack/react-query';
import { UNDO_ACTION_LABEL, type UndoResult } from '../../../core/contracts/undo.ts';
import { apiFetch, serverMessageOr } from '../../platform/api.ts';
import { toast, type ToastInput } from '../../components/ui/toast.tsx';

/** What the 'Undone' toast says came back, by the kind the server names. */
const RESTORED: Readonly<Record<UndoResult['kind'], string>> = {
  event: 'The event is back on the calendar.',
  task: 'The task is back.',
  note: 'The note is back.',
  activity: 'The activity proposal is back.',
  invitation: 'The invitation is back; its link works again.',
};

/**
 * Issue 45 item 4, ADR 051: the Undo action of a delete's toast (SPEC §9: a toast's optional action). Returns a
 * maker: given the delete reply's `undo_id` (absent from an older server: no action), the action that sends
 * `POST /api/undo/{id}`, then refetches every query (what came back shows everywhere), calls `onUndone` (a
 * feature forgets what it marked deleted) and says so in a toast; a refusal (too late, changed since, the plan
 * limit) shows the server's message.
 */
export function useUndoAction(): (
  undoId: string | undefined,
  onUndone?: () => void,
) => ToastInput['action'] | undefined {
  const queryClient = useQueryClient();
  return (undoId, onUndone) => {
    if (!undoId) return undefined;
    return {
      label: UNDO_ACTION_LABEL,
      onClick: () => {
        apiFetch<UndoResult>(`/api/undo/${encodeURIComponent(undoId)}`, { method: 'POST', body: {} }).then(
          (result) => {
            onUndone?.();
            void queryClient.invalidateQueries();
            toast({ title: 'Undone', description: RESTORED[result.kind] });
          },
          (error: unknown) =>
            toast({
              title: 'Error',
              description: serverMessageOr(error, 'Failed to undo.'),
              variant: 'destructive',
            }),
        );
      },
    };
  };
}
