import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTaskPayload,
  TaskDto,
  TaskStatus,
  UpdateTaskPayload,
} from '../../../core/contracts/tasks.ts';
import type { UndoableDeleteReply } from '../../../core/contracts/replies.ts';
import { apiFetch } from '../../platform/api.ts';

export const tasksQueryKey = ['tasks'] as const;

/** SPEC §7 `GET /api/tasks`: the family's tasks, already by due date ascending with undated ones last. */
export function useTasks() {
  return useQuery({ queryKey: tasksQueryKey, queryFn: () => apiFetch<TaskDto[]>('/api/tasks') });
}

/**
 * `GET /api/tasks/{id}`: the whole task for the Edit Task form (the list carries the start of each description,
 * ADR 046). Keyed under `tasks`, so every task change refetches it; `null` id: no call.
 */
export function useTask(id: number | null) {
  return useQuery({
    queryKey: [...tasksQueryKey, id],
    queryFn: () => apiFetch<TaskDto>(`/api/tasks/${String(id)}`),
    enabled: id !== null,
  });
}

/**
 * SPEC §7: after a task change, task lists and per-event task lists are refetched. Per-event lists live under
 * the `events` key (`['events', id, 'tasks']`), so every query whose key mentions tasks is invalidated.
 */
function useRefetchTasks() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey.some((part) => part === 'tasks'),
    });
}

/** `POST /api/tasks`. */
export function useCreateTask() {
  const refetch = useRefetchTasks();
  return useMutation({
    mutationFn: (payload: CreateTaskPayload) =>
      apiFetch<TaskDto>('/api/tasks', { method: 'POST', body: payload }),
    onSuccess: refetch,
  });
}

/** `PATCH /api/tasks/{id}` with the Edit Task form's fields (issue 21). */
export function useUpdateTask() {
  const refetch = useRefetchTasks();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdateTaskPayload }) =>
      apiFetch<TaskDto>(`/api/tasks/${String(id)}`, { method: 'PATCH', body: payload }),
    onSuccess: refetch,
  });
}

/** `PATCH /api/tasks/{id}` with the status alone (Complete; reopening). */
export function useUpdateTaskStatus() {
  const refetch = useRefetchTasks();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: TaskStatus }) =>
      apiFetch<TaskDto>(`/api/tasks/${String(id)}`, { method: 'PATCH', body: { status } }),
    onSuccess: refetch,
  });
}

/** `DELETE /api/tasks/{id}`. */
export function useDeleteTask() {
  const refetch = useRefetchTasks();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<UndoableDeleteReply>(`/api/tasks/${String(id)}`, { method: 'DELETE' }),
    onSuccess: refetch,
  });
}
