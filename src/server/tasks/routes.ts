import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createTaskSchema, updateTaskSchema } from '../../core/contracts/tasks.ts';
import { requireAuth } from '../http/auth-context.ts';
import type { ServerContext } from '../http/context.ts';
import { notFound, parseInput } from '../http/errors.ts';
import { createTask, deleteTask, listTasks, updateTask } from './service.ts';

/** A path id: a positive 32-bit integer, else the task cannot exist (404, like another family's id). */
function taskIdParam(request: FastifyRequest): number {
  const raw = (request.params as { id?: unknown }).id; // Fastify types params as unknown without a schema
  const id = typeof raw === 'string' && /^[0-9]{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

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
    const taskId = taskIdParam(request);
    const input = parseInput(updateTaskSchema, request.body);
    return updateTask(ctx, familyId, taskId, input);
  });

  app.delete('/api/tasks/:id', async (request) => {
    const { familyId } = requireAuth(request);
    await deleteTask(ctx, familyId, taskIdParam(request));
    return { ok: true };
  });
}
