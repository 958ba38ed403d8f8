import type { FastifyInstance } from 'fastify';
import { createTaskSchema, updateTaskSchema } from '../../core/contracts/tasks.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../http/context.ts';
import { parseInput } from '../http/errors.ts';
import { pathId } from '../http/path-params.ts';
import { createTask, deleteTask, listTasks, updateTask } from './service.ts';

/**
 * SPEC §7 task calls: `GET /api/tasks`, `POST /api/tasks`, `PATCH /api/tasks/{id}`, `DELETE /api/tasks/{id}`.
 * Every call needs a session and sees only the session's family.
 */
export function registerTasksRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/tasks', async (request) => {
    const { familyId } = requireAuth(request);
    return listTasks(ctx, familyId);
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
    await deleteTask(ctx, familyId, pathId(request.params));
    return { ok: true };
  });
}
