import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';

/** The outbox rows of `kind` to `recipient`, newest first. For API tests. */
export async function mailTo(db: Db, recipient: string, kind: string) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipient, recipient), eq(notifications.kind, kind)))
    .orderBy(desc(notifications.id));
}

/**
 * The token in the newest `kind` e-mail to `recipient`, taken from its `/{path}/{token}` link.
 * @throws Error when there is no such e-mail.
 */
export async function tokenFromMail(db: Db, recipient: string, kind: string, path: string): Promise<string> {
  const [mail] = await mailTo(db, recipient, kind);
  const match = new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(mail?.body ?? '');
  if (!match?.[1]) throw new Error(`no ${kind} e-mail with a /${path}/ link to ${recipient}`);
  return match[1];
}
