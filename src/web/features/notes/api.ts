import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NoteClearTickedReplyDto,
  NoteDto,
  NoteListItemDto,
  NotePayload,
  NoteTickReplyDto,
  NoteUpdatePayload,
} from '../../../core/contracts/notes.ts';
import { setItemTicked, type TickRequest } from '../../../core/notes/checklist.ts';
import type { UndoableDeleteReply } from '../../../core/contracts/replies.ts';
import { apiFetch } from '../../platform/api.ts';

export const notesQueryKey = ['notes'] as const;

/**
 * SPEC §7 `GET /api/notes`: the board, already in display order (SPEC §9). Each note's `content` is only its
 * start (ADR 042): the form loads the whole note with `useNote`, never from this list.
 */
export function useNotes() {
  return useQuery({ queryKey: notesQueryKey, queryFn: () => apiFetch<NoteListItemDto[]>('/api/notes') });
}

/**
 * SPEC §7 `GET /api/notes/{id}`: a plain fetch, no cache (always fetched when the form opens, dropped when
 * it closes); an error is thrown when not ok.
 */
export function useNote(id: number | null) {
  return useQuery({
    queryKey: [...notesQueryKey, 'one', id],
    queryFn: () => apiFetch<NoteDto>(`/api/notes/${String(id)}`),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Invalidates the board after a note change (SPEC §7: after a note change, notes are refetched). */
function useRefetchNotes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notesQueryKey });
}

/** `POST /api/notes`. */
export function useCreateNote() {
  const refetch = useRefetchNotes();
  return useMutation({
    mutationFn: (payload: NotePayload) => apiFetch<NoteDto>('/api/notes', { method: 'POST', body: payload }),
    onSuccess: refetch,
  });
}

/** `PATCH /api/notes/{id}`. */
export function useUpdateNote() {
  const refetch = useRefetchNotes();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: NoteUpdatePayload }) =>
      apiFetch<NoteDto>(`/api/notes/${String(id)}`, { method: 'PATCH', body: payload }),
    onSuccess: refetch,
  });
}

/** `DELETE /api/notes/{id}`. */
export function useDeleteNote() {
  const refetch = useRefetchNotes();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<UndoableDeleteReply>(`/api/notes/${String(id)}`, { method: 'DELETE' }),
    onSuccess: refetch,
  });
}

/**
 * `POST /api/notes/reorder`, optimistic: the board shows the new order at once; on failure the previous
 * order comes back, and either way the board is refetched to match the server.
 */
export function useReorderNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ordered: NoteListItemDto[]) =>
      apiFetch('/api/notes/reorder', { method: 'POST', body: { noteIds: ordered.map((n) => n.id) } }),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: notesQueryKey, exact: true });
      const previous = queryClient.getQueryData<NoteListItemDto[]>(notesQueryKey);
      queryClient.setQueryData<NoteListItemDto[]>(notesQueryKey, ordered);
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(notesQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notesQueryKey, exact: true }),
  });
}

/**
 * `POST /api/notes/{id}/checklist/tick` (ADR 050), optimistic: the board shows the box as asked at once (the same
 * `setItemTicked` the server runs, on the listed start of the note); on failure the board comes back as it was,
 * and either way it is refetched to match the server. Offline it is refused (apiFetch), never queued.
 */
export function useTickNoteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, request }: { noteId: number; request: TickRequest }) =>
      apiFetch<NoteTickReplyDto>(`/api/notes/${String(noteId)}/checklist/tick`, {
        method: 'POST',
        body: request,
      }),
    onMutate: async ({ noteId, request }) => {
      await queryClient.cancelQueries({ queryKey: notesQueryKey, exact: true });
      const previous = queryClient.getQueryData<NoteListItemDto[]>(notesQueryKey);
      queryClient.setQueryData<NoteListItemDto[]>(notesQueryKey, (list) =>
        list?.map((note) =>
          note.id === noteId
            ? { ...note, content: setItemTicked(note.content, request)?.content ?? note.content }
            : note,
        ),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(notesQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notesQueryKey }),
  });
}

/** `POST /api/notes/{id}/checklist/clear`: "Clear ticked items" on the stored note; the board is refetched. */
export function useClearTickedItems() {
  const refetch = useRefetchNotes();
  return useMutation({
    mutationFn: (noteId: number) =>
      apiFetch<NoteClearTickedReplyDto>(`/api/notes/${String(noteId)}/checklist/clear`, { method: 'POST' }),
    onSettled: refetch,
  });
}
