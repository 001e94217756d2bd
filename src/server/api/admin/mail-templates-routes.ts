import { Hono } from 'hono';
import {
  hasCapability,
  mailTemplateDraftSchema,
  mailTemplateParamsSchema,
  mailTemplatePutSchema,
  mailTemplateRestoreSchema,
  type MailPreview,
  type MailTemplateDetail,
  type MailTemplateList,
} from '../../../contract/admin';
import { getTranslator } from '../../../lib/i18n';
import type { Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import {
  builtInTemplate,
  EDITABLE_MAIL_TEMPLATES,
  isEditableMailTemplate,
  sampleVars,
  TEMPLATE_PLACEHOLDERS,
  unknownPlaceholders,
  type EditableMailTemplate,
} from '../../mail/placeholders';
import { shopSender } from '../../mail/sender';
import { currentMailTemplate, mailTemplateVersionsOf, saveMailTemplateVersion } from '../../mail/template-store';
import { loadBranding, renderEdited } from '../../mail/templates';
import { sanitizeRichText } from '../content/sanitize';
import { ApiError, fieldErrorsOf, notFound } from '../core/errors';
import { readBody, readParams } from '../core/validate';
import { recordAudit } from './audit';
import type { AdminEnv, StaffPrincipal } from './context';
import { adminMessage } from './messages';
import { versionConflict } from './versioned';
import type { AppDeps } from '../core/context';

function templateOf(name: string, lang: Language): EditableMailTemplate {
  if (!isEditableMailTemplate(name)) throw notFound(adminMessage('mailTemplateNotFound', lang));
  return name;
}

/** 400 naming the subject or body that uses a placeholder the template does not offer. */
function assertKnownPlaceholders(template: EditableMailTemplate, draft: { subject: string; body: string }, lang: Language): void {
  const errors = (['subject', 'body'] as const).flatMap((field) => {
    const unknown = unknownPlaceholders(template, draft[field]);
    return unknown.length
      ? [[field, adminMessage('unknownPlaceholder', lang, { names: unknown.map((n) => `{{${n}}}`).join(', ') })] as const]
      : [];
  });
  if (errors.length) throw fieldErrorsOf(errors);
}

/** The body as it is kept: as written for the owner (`edit_code`), cleaned as rich text for anyone else. */
const keptBody = (staff: StaffPrincipal, body: string) => (hasCapability(staff.role, 'edit_code') ? body : sanitizeRichText(body));

async function detail(db: Executor, template: EditableMailTemplate, lang: Language, staff: StaffPrincipal): Promise<MailTemplateDetail> {
  const [versions, current] = await Promise.all([mailTemplateVersionsOf(db, template, lang), currentMailTemplate(db, template, lang)]);
  return {
    name: template,
    lang,
    placeholders: [...TEMPLATE_PLACEHOLDERS[template]],
    builtIn: builtInTemplate(template, lang),
    current,
    version: versions[0]?.number ?? 0,
    versions: versions.map((v) => ({
      id: v.id,
      number: v.number,
      subject: v.subject,
      body: v.body,
      staffName: v.staffName,
      createdAt: v.createdAt.toISOString(),
    })),
    rawHtml: hasCapability(staff.role, 'edit_code'),
  };
}

/** The draft filled with sample data in the shop's layout, as the preview and the test send show it. */
async function renderSample(
  deps: AppDeps,
  lang: Language,
  draft: { subject: string; body: string },
  staff: StaffPrincipal,
): Promise<MailPreview> {
  const branding = await loadBranding(deps, lang);
  const footer = getTranslator(lang)('mail.footer', { shop: branding.shopName });
  return renderEdited(
    branding,
    lang,
    { subject: draft.subject, body: keptBody(staff, draft.body) },
    sampleVars(lang, deps.config.publicUrl, branding.shopName),
    footer,
  );
}

async function saveVersion(
  c: { var: AdminEnv['Variables'] },
  template: EditableMailTemplate,
  lang: Language,
  expected: number,
  next: { subject: string | null; body: string | null },
  action: string,
): Promise<MailTemplateDetail> {
  const { deps, staff } = c.var;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const before = await currentMailTemplate(tx, template, lang);
    const latest = (await mailTemplateVersionsOf(tx, template, lang))[0]?.number ?? 0;
    if (latest !== expected) throw versionConflict(c.var.lang);
    const saved = await saveMailTemplateVersion(tx, { template, lang, number: latest + 1, ...next, staff, now });
    if (!saved) throw versionConflict(c.var.lang);
    await recordAudit(
      tx,
      staff,
      {
        action,
        entityType: 'mail_template',
        entityId: `${template}:${lang}`,
        before: { ...before, version: latest },
        after: { subject: next.subject, body: next.body, version: saved.number },
      },
      now,
    );
  });
  return detail(deps.db, template, lang, staff);
}

/**
 * The e-mail templates of the back office: every staff member may word the shop's e-mails; the owner (`edit_code`)
 * writes raw HTML, anyone else's body is cleaned as rich text. Every save is a new version; restoring one saves a copy.
 */
export const mailTemplateRoutes = new Hono<AdminEnv>()
  .get('/mail-templates', async (c) => {
    const { deps } = c.var;
    const edited = await Promise.all(
      EDITABLE_MAIL_TEMPLATES.flatMap((name) =>
        (['en', 'ru'] as const).map(
          async (lang) => [`${name}:${lang}`, (await currentMailTemplate(deps.db, name, lang)) !== null] as const,
        ),
      ),
    );
    const isEdited = new Map(edited);
    return c.json({
      items: EDITABLE_MAIL_TEMPLATES.map((name) => ({
        name,
        placeholders: [...TEMPLATE_PLACEHOLDERS[name]],
        edited: { en: isEdited.get(`${name}:en`) ?? false, ru: isEdited.get(`${name}:ru`) ?? false },
      })),
    } satisfies MailTemplateList);
  })
  .get('/mail-templates/:name/:lang', async (c) => {
    const params = readParams(c, mailTemplateParamsSchema);
    const template = templateOf(params.name, c.var.lang);
    return c.json(await detail(c.var.deps.db, template, params.lang, c.var.staff));
  })
  .put('/mail-templates/:name/:lang', async (c) => {
    const params = readParams(c, mailTemplateParamsSchema);
    const template = templateOf(params.name, c.var.lang);
    const body = await readBody(c, mailTemplatePutSchema);
    assertKnownPlaceholders(template, body, c.var.lang);
    const kept = keptBody(c.var.staff, body.body);
    return c.json(await saveVersion(c, template, params.lang, body.version, { subject: body.subject, body: kept }, 'mail_template.update'));
  })
  .post('/mail-templates/:name/:lang/restore', async (c) => {
    const params = readParams(c, mailTemplateParamsSchema);
    const template = templateOf(params.name, c.var.lang);
    const body = await readBody(c, mailTemplateRestoreSchema);
    const versions = await mailTemplateVersionsOf(c.var.deps.db, template, params.lang);
    const source = body.versionId === null ? null : versions.find((v) => v.id === body.versionId);
    if (source === undefined) throw notFound(adminMessage('mailTemplateVersionNotFound', c.var.lang));
    // a manager restoring the owner's raw HTML gets it cleaned, as if they had written it
    const next = source
      ? { subject: source.subject, body: source.body === null ? null : keptBody(c.var.staff, source.body) }
      : { subject: null, body: null };
    return c.json(await saveVersion(c, template, params.lang, body.version, next, 'mail_template.restore'));
  })
  .post('/mail-templates/:name/:lang/preview', async (c) => {
    const params = readParams(c, mailTemplateParamsSchema);
    const template = templateOf(params.name, c.var.lang);
    const draft = await readBody(c, mailTemplateDraftSchema);
    assertKnownPlaceholders(template, draft, c.var.lang);
    return c.json((await renderSample(c.var.deps, params.lang, draft, c.var.staff)) satisfies MailPreview);
  })
  .post('/mail-templates/:name/:lang/test', async (c) => {
    const params = readParams(c, mailTemplateParamsSchema);
    const template = templateOf(params.name, c.var.lang);
    const draft = await readBody(c, mailTemplateDraftSchema);
    assertKnownPlaceholders(template, draft, c.var.lang);
    const { deps, staff } = c.var;
    const rendered = await renderSample(deps, params.lang, draft, staff);
    // only ever to the signed-in staff member's own address
    try {
      await deps.mailer.send({ to: staff.email, ...rendered, ...(await shopSender(deps, params.lang)) });
    } catch (err) {
      deps.logger.warn({ err, template }, 'test mail not sent');
      throw new ApiError(502, adminMessage('mailSendFailed', c.var.lang));
    }
    await recordAudit(
      deps.db,
      staff,
      { action: 'mail_template.test', entityType: 'mail_template', entityId: `${template}:${params.lang}`, after: { to: staff.email } },
      deps.now(),
    );
    return c.json({ to: staff.email });
  });
