import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { IcsReadQueue, READER_BUSY_MESSAGE } from './ics-reading.ts';

describe('IcsReadQueue', () => {
  it('runs one text at a time, in order, and refuses past its waiting room with 503 and Retry-After', async () => {
    const queue = new IcsReadQueue(2);
    const order: string[] = [];
    let release = () => {};
    const first = queue.run(async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first ends');
    });
    await new Promise((resolve) => setImmediate(resolve)); // the first is reading now, not waiting
    const second = queue.run(async () => void order.push('second'));
    const third = queue.run(async () => void order.push('third'));
    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, message: READER_BUSY_MESSAGE, retryAfterSeconds: 30 });
    release();
    await Promise.all([first, second, third]);
    expect(order).toEqual(['first starts', 'first ends', 'second', 'third']);
  });

  it('goes on after a text whose reading failed', async () => {
    const queue = new IcsReadQueue();
    const failed = queue.run(async () => {
      throw new Error('unreadable');
    });
    await expect(failed).rejects.toThrow('unreadable');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
