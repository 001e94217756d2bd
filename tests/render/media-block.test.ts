import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import MediaBlock from '../../src/components/sections/MediaBlock.astro';
import { mediaSchema, resolveMedia } from '../../src/sections/screen-media';
import { image } from './section-fixtures';

const YT = 'dQw4w9WgXcQ';
const picture = image({ width: 1600, height: 900 });
const images = new Map([[picture.id, picture]]);

async function render(media: unknown, props: Record<string, unknown> = {}) {
  const container = await AstroContainer.create();
  const html = await container.renderToString(MediaBlock, {
    props: { media: mediaSchema.parse(media), images, lang: 'en', width: 780, ...props },
  });
  return new JSDOM(`<!doctype html><body>${html}</body>`).window.document.body;
}

describe('media options', () => {
  it('uses one media for both screens, or the desktop one where the mobile one is empty', () => {
    const single = mediaSchema.parse({ type: 'video', video: YT, source: 'youtube' });
    expect(single.mobile).toBe(single.desktop);
    const perScreen = mediaSchema.parse({ desktop: { type: 'image', image: picture.id }, mobile: { type: 'video', video: '' } });
    expect(perScreen.mobile).toBe(perScreen.desktop);
    expect(mediaSchema.parse(undefined).desktop.type).toBe('image');
  });

  it('resolves a video with its embed, page, thumbnail, ratio and overlay', () => {
    const media = mediaSchema.parse({
      type: 'video',
      video: `https://youtu.be/${YT}`,
      source: 'youtube',
      ratio: '4:3',
      overlayColor: '#000',
      overlayOpacity: 50,
    });
    const { desktop } = resolveMedia(images, media);
    expect(desktop).toMatchObject({
      kind: 'video',
      mode: 'default',
      pageUrl: `https://www.youtube.com/watch?v=${YT}`,
      preview: { url: `https://i.ytimg.com/vi/${YT}/hqdefault.jpg` },
      ratio: { width: 4, height: 3 },
      overlay: '#00000080',
    });
  });

  it('prefers the owner preview when asked to, and uses it where the service has no thumbnail', () => {
    const own = resolveMedia(
      images,
      mediaSchema.parse({ type: 'video', video: YT, source: 'youtube', usePreviewImage: true, previewImage: picture.id }),
    );
    expect(own.desktop).toMatchObject({ preview: { image: picture } });
    const vimeo = resolveMedia(images, mediaSchema.parse({ type: 'video', video: '76979871', source: 'vimeo', previewImage: picture.id }));
    expect(vimeo.desktop).toMatchObject({ preview: { image: picture } });
    const bare = resolveMedia(images, mediaSchema.parse({ type: 'video', video: '76979871', source: 'vimeo' }));
    expect(bare.desktop).toMatchObject({ preview: null });
  });

  it('shows nothing for an unknown image or an unusable video', () => {
    expect(resolveMedia(images, mediaSchema.parse({ type: 'image', image: 'missing' })).desktop).toBeNull();
    expect(
      resolveMedia(images, mediaSchema.parse({ type: 'video', video: 'https://evil.example/x', source: 'youtube' })).desktop,
    ).toBeNull();
  });
});

describe('MediaBlock', () => {
  it('shows a default-mode video as its preview with a play link; no player before the click', async () => {
    const body = await render({ type: 'video', video: YT, source: 'youtube' });
    const box = body.querySelector<HTMLElement>('[data-video]')!;
    expect(box.dataset['video']).toBe('default');
    expect(box.dataset['embedUrl']).toContain(`youtube-nocookie.com/embed/${YT}?autoplay=1`);
    expect(box.getAttribute('style')).toContain('aspect-ratio:16 / 9');
    expect(body.querySelector('iframe')).toBeNull();
    const play = body.querySelector<HTMLAnchorElement>('a[data-video-play]')!;
    expect(play.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${YT}`);
    expect(play.textContent?.trim()).toBe('Play video');
    const preview = body.querySelector('img')!;
    expect(preview.getAttribute('src')).toBe(`https://i.ytimg.com/vi/${YT}/hqdefault.jpg`);
    expect(preview.getAttribute('loading')).toBe('lazy');
  });

  it('shows a background video with a loading cover, muted and looping once started', async () => {
    const body = await render({ type: 'video', video: '76979871', source: 'vimeo', mode: 'background', customHeight: 420 });
    const box = body.querySelector<HTMLElement>('[data-video]')!;
    expect(box.dataset['video']).toBe('background');
    expect(box.dataset['embedUrl']).toContain('background=1');
    expect(box.dataset['embedUrl']).toContain('muted=1');
    expect(box.getAttribute('style')).toContain('height:420px');
    expect(body.querySelector('.video__cover')).not.toBeNull();
    expect(body.querySelector('a[data-video-play]')).toBeNull();
  });

  it('shows an image at the given width, eager when critical', async () => {
    const body = await render({ type: 'image', image: picture.id, imageAlt: 'Workshop' }, { critical: true, priority: true });
    const img = body.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('Workshop');
    expect(img.getAttribute('width')).toBe('780');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('renders a separate mobile media when it differs', async () => {
    const body = await render({ desktop: { type: 'image', image: picture.id }, mobile: { type: 'video', video: YT, source: 'youtube' } });
    expect(body.querySelector('.media-block__desktop img')).not.toBeNull();
    expect(body.querySelector('.media-block__mobile [data-video]')).not.toBeNull();
  });

  it('renders nothing when there is nothing to show', async () => {
    const body = await render({ type: 'video', video: 'nope', source: 'youtube' });
    expect(body.innerHTML.trim()).toBe('');
  });
});
