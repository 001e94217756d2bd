import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { mailTemplateVersions } from '../db/schema';

export type MailTemplateVersionRow = typeof mailTemplateVersions.$inferSelect;

const ofTemplate = (template: string, lang: string) =>
  and(eq(mailTemplateVersions.template, template), eq(mailTemplateVersions.lang, lang));

/** The owner's current wording of a template in a language, or null for the built-in text. */
export async function currentMailTemplate(db: Executor, template: string, lang: string): Promise<{ subject: string; body: string } | null> {
  const [row] = await db
    .select({ subject: mailTemplateVersions.subject, body: mailTemplateVersions.body })
    .from(mailTemplateVersions)
    .where(ofTemplate(template, lang))
    .orderBy(desc(mailTemplateVersions.number))
    .limit(1);
  return row && row.subject !== null && row.body !== null ? { subject: row.subject, body: row.body } : null;
}

/** Every saved version of a template in a language, newest first. */
export function mailTemplateVersionsOf(db: Executor, template: string, lang: string): Promise<MailTemplateVersionRow[]> {
  return db.select().from(mailTemplateVersions).where(ofTemplate(template, lang)).orderBy(desc(mailTemplateVersions.number));
}

/**
 * Saves a new version (`subject` and `body` null: back to the built-in text) numbered after `number`; answers null
 * when someone saved another version meanwhile (the unique number refuses the second).
 */
export async function saveMailTemplateVersion(
  db: Executor,
  input: {
    template: string;
    lang: string;
    number: number;
    subject: string | null;
    body: string | null;
    staff: { id: string; name: string };
    now: Date;
  },
): Promise<MailTemplateVersionRow | null> {
  const [row] = await db
    .insert(mailTemplateVersions)
    .values({
      id: randomUUID(),
      template: input.template,
      lang: input.lang,
      number: input.number,
      subject: input.subject,
      body: input.body,
      staffId: input.staff.id,
      staffName: input.staff.name,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}
