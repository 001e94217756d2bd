import { describe, expect, it } from 'vitest';
import { videoFieldProblem, videoOfField } from '../../src/lib/video-field';
import { context, image, renderSection, renderSections, section } from './section-fixtures';

const YT = 'dQw4w9WgXcQ';

describe('video field values', () => {
  it('accepts the services’ own links and ids and files on the shop’s own site, nothing else', () => {
    expect(videoOfField({ source: 'youtube', video: `https://youtu.be/${YT}` })).toEqual({ source: 'youtube', id: YT });
    expect(videoOfField({ source: 'file', video: '/media/video/intro.webm' })).toEqual({ source: 'file', path: '/media/video/intro.webm' });
    for (const video of ['//evil.example/a.mp4', 'https://shop.example/a.mp4', '/a/../b.mp4', '/a.mp4?x=1', '/a.html', 'a.mp4', '/a b.mp4'])
      expect(videoOfField({ source: 'file', video }), video).toBeNull();
    expect(videoOfField({ source: 'vimeo', video: `https://youtu.be/${YT}` })).toBeNull();
    expect(videoFieldProblem(null)).toBeNull();
    expect(videoFieldProblem({ source: 'youtube', video: YT })).toBeNull();
    expect(videoFieldProblem({ source: 'youtube', video: YT, onclick: 'x()' })).not.toBeNull();
    expect(videoFieldProblem({ source: 'youtube', video: 'javascript:alert(1)' })).toEqual({ path: 'video', message: 'videoAddress' });
    expect(videoFieldProblem({ source: 'file', video: '/x.svg' })).toEqual({ path: 'video', message: 'videoFile' });
    expect(videoFieldProblem({ source: 'youtube', video: YT, mode: 'autoplay' })?.path).toBe('mode');
  });
});

describe('sections with a video', () => {
  it('show a service video in place of the picture: its preview and a play link, the player only after a click', async () => {
    const picture = image({ width: 1000, height: 1000 });
    for (const type of [
      'SectionTextBlockPictureRight',
      'SectionTextBlockPictureLeft',
      'SectionTextBlockPictureCenter',
      'SectionTextBlockBase',
      'SectionBanner1',
    ]) {
      const root = await renderSection(
        section(type, {
          content: { html: '<p>Text</p>', image: picture.id, video: { source: 'youtube', video: YT, mode: 'default', previewImage: null } },
        }),
        context({ imageList: [picture] }),
      );
      const box = root!.querySelector<HTMLElement>('[data-video]');
      expect(box, type).not.toBeNull();
      expect(box!.dataset['video']).toBe('default');
      expect(box!.dataset['embedUrl']).toContain(`https://www.youtube-nocookie.com/embed/${YT}`);
      expect(root!.querySelector('iframe, video')).toBeNull();
      expect(root!.querySelector('a[data-video-play]')!.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${YT}`);
      expect(root!.querySelector(`img[src*="${picture.id}"]`), `${type}: the picture gives way`).toBeNull();
    }
  });

  it('show a file of the shop as a background video under the owner’s preview picture; a section with only a video is shown', async () => {
    const cover = image({ width: 1600, height: 900 });
    const root = await renderSection(
      section('SectionTextBlockPictureRight', {
        content: { video: { source: 'file', video: '/media/video/loop.webm', mode: 'background', previewImage: cover.id } },
      }),
      context({ imageList: [cover] }),
    );
    const box = root!.querySelector<HTMLElement>('[data-video]')!;
    expect(box.dataset['video']).toBe('background');
    expect(box.dataset['videoSource']).toBe('file');
    expect(box.dataset['embedUrl']).toBe('/media/video/loop.webm');
    expect(root!.querySelector(`img[src*="${cover.id}"]`)).not.toBeNull();
    expect(root!.querySelector('.picture-text--no-image')).toBeNull();
  });

  it('leave out a video that is not its source’s own: the picture stays, or the section is not shown', async () => {
    const picture = image({ width: 1000, height: 1000 });
    const root = await renderSection(
      section('SectionTextBlockPictureRight', {
        content: { html: '<p>Text</p>', image: picture.id, video: { source: 'youtube', video: 'https://evil.example/x' } },
      }),
      context({ imageList: [picture] }),
    );
    expect(root!.querySelector('[data-video]')).toBeNull();
    expect(root!.querySelector(`img[src*="${picture.id}"]`)).not.toBeNull();
    const document = await renderSections([
      section('SectionTextBlockPictureCenter', { content: { video: { source: 'file', video: 'javascript:alert(1)' } } }),
    ]);
    expect(document.querySelectorAll('[data-section-type]')).toHaveLength(0);
  });
});
