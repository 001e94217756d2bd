import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, builderTargetDetailSchema, type BuilderSectionsContent, type FormErrors } from '../../../src/contract/admin';
import { sections } from '../../../src/server/db/schema';
import { policySources, videoSourcesInUse } from '../../../src/server/policy-sources';
import { contentSecurityPolicy } from '../../../src/server/security-headers';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { addPage, addSection, text, uniqueSlug } from '../../helpers/content-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

describe.each(databaseKinds)('video field of the site builder (%s)', (kind) => {
  let app: TestApp;
  let manager: TestStaff;

  beforeAll(async () => {
    app = await createTestApp(kind);
    manager = await createSignedInStaff(app, 'manager', 'Mia Manager');
  });
  afterAll(async () => {
    await app.close();
  });

  const t = (target: string) => encodeURIComponent(target);
  const send = (method: string, path: string, body: unknown) =>
    adminRequest(app, path, { method, cookie: manager.cookie, body: JSON.stringify(body) });
  const fieldMessages = (errors: FormErrors, path: string) =>
    path.split('.').reduce<FormErrors | undefined>((node, key) => node?.children[key], errors)?.errors;

  /** A page with one picture-right text block, its draft content as the builder reads it. */
  async function pageWithTextBlock() {
    const pageId = await addPage(app.deps.db, { slug: uniqueSlug('video-page'), title: text('Story', 'История') });
    await addSection(app.deps.db, {
      ownerType: 'page',
      ownerId: pageId,
      type: 'SectionTextBlockPictureRight',
      position: 0,
      options: { content: { html: text('<p>Hello</p>', '<p>Привет</p>') } },
    });
    const target = `page:${pageId}`;
    const detail = builderTargetDetailSchema.parse(
      await expectJson(await adminRequest(app, `/builder/target/${t(target)}`, { cookie: manager.cookie }), 200),
    );
    return { pageId, target, content: detail.published.content as BuilderSectionsContent };
  }

  const withVideo = (content: BuilderSectionsContent, video: unknown): BuilderSectionsContent => ({
    ...content,
    sections: [
      {
        ...content.sections[0]!,
        options: { ...content.sections[0]!.options, content: { html: text('<p>Hi</p>', '<p>Привет</p>'), video } },
      },
    ],
  });

  it('refuses an address of another host, a script, a wrong id and a file elsewhere, naming the field; writes nothing', async () => {
    const { target, content } = await pageWithTextBlock();
    const refused = [
      { source: 'youtube', video: 'https://evil.example/watch?v=dQw4w9WgXcQ' },
      { source: 'youtube', video: 'javascript:alert(1)//dQw4w9WgXcQ' },
      { source: 'vimeo', video: '<script>alert(1)</script>' },
      { source: 'rutube', video: 'not-an-id' },
      { source: 'file', video: 'https://evil.example/clip.mp4' },
      { source: 'file', video: '/media/../secret.mp4' },
      { source: 'file', video: '/media/clip.svg' },
      { source: 'flash', video: 'x' },
      { source: 'youtube', video: 'dQw4w9WgXcQ', mode: 'default', previewImage: 'javascript:x' },
    ];
    for (const video of refused) {
      const bad = apiErrorSchema.parse(
        await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content: withVideo(content, video), version: 0 }), 400),
      );
      const at = 'content.sections.0.options.content.video';
      const messages = ['video', 'source', 'previewImage'].flatMap((key) => fieldMessages(bad.errors, `${at}.${key}`) ?? []);
      expect(messages.length, JSON.stringify(video)).toBeGreaterThan(0);
    }
    const ru = apiErrorSchema.parse(
      await expectJson(
        await adminRequest(app, `/builder/target/${t(target)}/draft`, {
          method: 'PUT',
          cookie: manager.cookie,
          headers: { 'x-shop-language': 'ru' },
          body: JSON.stringify({ content: withVideo(content, { source: 'file', video: '/x.exe' }), version: 0 }),
        }),
        400,
      ),
    );
    expect(fieldMessages(ru.errors, 'content.sections.0.options.content.video.video')).toEqual([
      'Введите путь на этом сайте, оканчивающийся на .mp4 или .webm',
    ]);
    const detail = builderTargetDetailSchema.parse(
      await expectJson(await adminRequest(app, `/builder/target/${t(target)}`, { cookie: manager.cookie }), 200),
    );
    expect(detail.draft).toBeNull();
  });

  it('publishes a video of a service; the page shows its preview and the policy lets its player script run', async () => {
    const { target, pageId, content } = await pageWithTextBlock();
    const before = await videoSourcesInUse(app.deps.db);
    const video = { source: 'vimeo', video: 'https://vimeo.com/76979871', mode: 'background', previewImage: null };
    await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content: withVideo(content, video), version: 0 }), 200);
    await expectJson(await send('POST', `/builder/target/${t(target)}/publish`, { version: 1 }), 200);
    const [live] = await app.deps.db.select().from(sections).where(eq(sections.ownerId, pageId));
    expect((live!.options['content'] as Record<string, unknown>)['video']).toEqual(video);
    expect(await videoSourcesInUse(app.deps.db)).toEqual([...new Set([...before, 'vimeo'])].sort());
    const policy = contentSecurityPolicy(await policySources(app.deps.db), {
      publicUrl: 'http://localhost',
      previewOrigins: [],
      extraSources: [],
    });
    expect(policy).toContain('https://player.vimeo.com');
    expect(policy).toContain("media-src 'self' blob:;");
  });

  it('keeps no video when "no video" is chosen', async () => {
    const { target, content } = await pageWithTextBlock();
    await expectJson(await send('PUT', `/builder/target/${t(target)}/draft`, { content: withVideo(content, null), version: 0 }), 200);
  });
});
