import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createTaskSchema, taskDtoSchema, updateTaskSchema } from '../../core/contracts/tasks.ts';
import type { UndoableDeleteReply } from '../../core/contracts/replies.ts';
import type { ServerContext } from '../context.ts';
import { sendCappedList } from '../http/capped-list.ts';
import { route } from '../http/route.ts';
import { idParams, OK_UNDO } from '../http/route-contract.ts';
import { createTask, deleteTask, getTask, listTasks, updateTask } from './service.ts';

/**
 * SPEC §7 task calls: `GET /api/tasks`, `POST /api/tasks`, `PATCH /api/tasks/{id}`, `DELETE /api/tasks/{id}`, and
 * `GET /api/tasks/{id}` (issue 42, ADR 046: the list carries the start of each description).
 * Every call needs a session and sees only the session's family.
 */
export function registerTasksRoutes(app: FastifyInstance, ctx: ServerContext): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/tasks',
      summary: 'The family’s tasks, each with only the start of its description (ADR 046).',
      auth: 'session',
      responses: {
        200: {
          description:
            '`TaskDto[]` by due date: `description` is its first 12 lines within 1 KiB, `description_truncated` says whether it holds more (`GET /api/tasks/{id}` answers all of it). At most 1,000 tasks (`TASKS_LIST_MAX`: the open ones nearest due first, then the completed ones most recently changed; `X-List-Truncated: true` says more were left out): the reply is at most 5,121,001 bytes (4.9 MiB, `TASKS_LIST_MAX_BYTES`).',
          schema: z.array(taskDtoSchema),
        },
      },
    },
    async ({ auth }, _request, reply) => sendCappedList(reply, await listTasks(ctx, auth.familyId)),
  );

  // The whole task (the list carries the start of each description, ADR 046): the Edit Task form reads it.
  route(
    app,
    {
      method: 'GET',
      url: '/api/tasks/:id',
      summary: 'One task with its whole description (the Edit Task form reads it).',
      auth: 'session',
      params: idParams,
      responses: { 200: { description: '`TaskDto`.', schema: taskDtoSchema } },
    },
    async ({ auth, id }) => getTask(ctx, auth.familyId, id),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/tasks',
      summary: 'Create a task.',
      auth: 'session',
      body: createTaskSchema,
      responses: { 201: { description: '`TaskDto`.', schema: taskDtoSchema } },
    },
    async ({ auth, body }, _request, reply) =>
      reply.status(201).send(await createTask(ctx, auth.familyId, body)),
  );

  route(
    app,
    {
      method: 'PATCH',
      url: '/api/tasks/:id',
      summary: 'Edit a task or change its status.',
      auth: 'session',
      params: idParams,
      body: updateTaskSchema,
      responses: { 200: { description: '`TaskDto`.', schema: taskDtoSchema } },
    },
    async ({ auth, id, body }) => updateTask(ctx, auth.familyId, id, body),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/tasks/:id',
      summary: 'Delete a task.',
      auth: 'session',
      params: idParams,
      responses: { 200: OK_UNDO },
    },
    async ({ auth, id }): Promise<UndoableDeleteReply> => ({
      ok: true,
      undo_id: await deleteTask(ctx, auth.familyId, id),
    }),
  );
}
