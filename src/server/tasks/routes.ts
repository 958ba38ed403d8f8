import type { FastifyInstance } from 'fastify';
import { createTaskSchema, updateTaskSchema } from '../../core/contracts/tasks.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../context.ts';
import { parseInput } from '../http/errors.ts';
import { pathId } from '../http/path-params.ts';
import { sendCappedList } from '../http/capped-list.ts';
import { createTask, deleteTask, getTask, listTasks, updateTask } from './service.ts';

/**
 * SPEC §7 task calls: `GET /api/tasks`, `POST /api/tasks`, `PATCH /api/tasks/{id}`, `DELETE /api/tasks/{id}`, and
 * `GET /api/tasks/{id}` (issue 42, ADR 046: the list carries the start of each description).
 * Every call needs a session and sees only the session's family.
 */
export function registerTasksRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/tasks', async (request, reply) => {
    const { familyId } = requireAuth(request);
    return sendCappedList(reply, await listTasks(ctx, familyId));
  });

  // The whole task (the list carries the start of each description, ADR 046): the Edit Task form reads it.
  app.get('/api/tasks/:id', async (request) => {
    const { familyId } = requireAuth(request);
    return getTask(ctx, familyId, pathId(request.params));
  });

  app.post('/api/tasks', async (request, reply) => {
    const { familyId } = requireAuth(request);
    const input = parseInput(createTaskSchema, request.body);
    return reply.status(201).send(await createTask(ctx, familyId, input));
  });

  app.patch('/api/tasks/:id', async (request) => {
    const { familyId } = requireAuth(request);
    const taskId = pathId(request.params);
    const input = parseInput(updateTaskSchema, request.body);
    return updateTask(ctx, familyId, taskId, input);
  });

  app.delete('/api/tasks/:id', async (request) => {
    const { familyId } = requireAuth(request);
    const undoId = await deleteTask(ctx, familyId, pathId(request.params));
    return { ok: true, undo_id: undoId };
  });
}
