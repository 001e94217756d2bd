import { describe, expect, it } from 'vitest';
import { detectVideoSource, parseRatio, parseVideo, videoEmbedUrl, videoPageUrl, videoThumbnailUrl } from '../../src/lib/video';

const YT = 'dQw4w9WgXcQ';
const RUTUBE = 'c6cc4d620b1d4338901770a44b3e82f4';

describe('parseVideo', () => {
  it.each([
    [YT, 'youtube'],
    [`https://www.youtube.com/watch?v=${YT}&t=42s`, 'youtube'],
    [`https://youtu.be/${YT}?si=abc`, 'youtube'],
    [`youtu.be/${YT}`, 'youtube'],
    [`https://www.youtube.com/embed/${YT}`, 'youtube'],
    [`https://www.youtube.com/shorts/${YT}`, 'youtube'],
    [`https://m.youtube.com/live/${YT}`, 'youtube'],
  ])('reads the YouTube id from %s', (input, source) => {
    expect(parseVideo(input, source)).toEqual({ source: 'youtube', id: YT });
  });

  it('reads Vimeo ids, channel paths and the privacy hash of unlisted videos', () => {
    expect(parseVideo('76979871', 'vimeo')).toEqual({ source: 'vimeo', id: '76979871' });
    expect(parseVideo('https://vimeo.com/channels/staffpicks/76979871', 'vimeo')).toEqual({ source: 'vimeo', id: '76979871' });
    expect(parseVideo('https://vimeo.com/76979871/8272103f6e', 'vimeo')).toEqual({ source: 'vimeo', id: '76979871', hash: '8272103f6e' });
    expect(parseVideo('https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0', 'vimeo')).toEqual({
      source: 'vimeo',
      id: '76979871',
      hash: '8272103f6e',
    });
  });

  it('reads Rutube video, embed and private links', () => {
    expect(parseVideo(RUTUBE, 'rutube')).toEqual({ source: 'rutube', id: RUTUBE });
    expect(parseVideo(`https://rutube.ru/video/${RUTUBE}/`, 'rutube')).toEqual({ source: 'rutube', id: RUTUBE });
    expect(parseVideo(`https://rutube.ru/play/embed/${RUTUBE.toUpperCase()}`, 'rutube')).toEqual({ source: 'rutube', id: RUTUBE });
    expect(parseVideo(`https://rutube.ru/video/private/${RUTUBE}/?p=Ab_c-1`, 'rutube')).toEqual({
      source: 'rutube',
      id: RUTUBE,
      privateKey: 'Ab_c-1',
    });
  });

  it('reads VK owner and video ids from page, clip and embed links', () => {
    expect(parseVideo('-22822305_456241864', 'vk')).toEqual({ source: 'vk', ownerId: '-22822305', id: '456241864' });
    expect(parseVideo('https://vk.com/video-22822305_456241864', 'vk')).toEqual({ source: 'vk', ownerId: '-22822305', id: '456241864' });
    expect(parseVideo('https://vkvideo.ru/video123_456', 'vk')).toEqual({ source: 'vk', ownerId: '123', id: '456' });
    expect(parseVideo('https://vk.com/clip-1_2', 'vk')).toEqual({ source: 'vk', ownerId: '-1', id: '2' });
    expect(parseVideo('https://vk.com/video_ext.php?oid=-1&id=2&hash=9f0e', 'vk')).toEqual({
      source: 'vk',
      ownerId: '-1',
      id: '2',
      hash: '9f0e',
    });
  });

  it('reads Kinescope ids', () => {
    expect(parseVideo('oBxE2yXg6kQqP4vY8Ntz3Z', 'kinescope')).toEqual({ source: 'kinescope', id: 'oBxE2yXg6kQqP4vY8Ntz3Z' });
    expect(parseVideo('https://kinescope.io/embed/201234567', 'kinescope')).toEqual({ source: 'kinescope', id: '201234567' });
    expect(parseVideo('https://kinescope.io/201234567', 'kinescope')).toEqual({ source: 'kinescope', id: '201234567' });
  });

  it('detects the service of a URL when no source is given', () => {
    expect(parseVideo(`https://youtu.be/${YT}`)).toEqual({ source: 'youtube', id: YT });
    expect(detectVideoSource('https://vimeo.com/1')).toBe('vimeo');
    expect(detectVideoSource('https://example.com/video')).toBeNull();
    expect(detectVideoSource(YT)).toBeNull();
  });

  it.each([
    ['an empty value', '', 'youtube'],
    ['a non-string', 42, 'youtube'],
    ['an id of the wrong shape', 'abc', 'youtube'],
    ['markup in the id', `${YT}"><script>`, 'youtube'],
    ['a URL of another service than the one chosen', `https://youtu.be/${YT}`, 'vimeo'],
    ['a lookalike host', `https://youtube.com.evil.example/watch?v=${YT}`, 'youtube'],
    ['a bare id without a source', YT, undefined],
    ['an unknown source', YT, 'dailymotion'],
    ['a javascript URL', 'javascript:alert(1)', 'youtube'],
    ['a Rutube link without a video id', 'https://rutube.ru/channel/1/', 'rutube'],
    ['a VK link without a video', 'https://vk.com/durov', 'vk'],
  ])('rejects %s', (_, input, source) => {
    expect(parseVideo(input, source)).toBeNull();
  });
});

describe('videoEmbedUrl', () => {
  const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

  it('starts a clicked YouTube video at once and loops a background one muted without controls', () => {
    const ref = { source: 'youtube', id: YT } as const;
    const clicked = videoEmbedUrl(ref);
    expect(clicked.startsWith(`https://www.youtube-nocookie.com/embed/${YT}?`)).toBe(true);
    expect(query(clicked)).toMatchObject({ autoplay: '1', rel: '0', playsinline: '1' });
    expect(query(clicked).mute).toBeUndefined();
    expect(query(videoEmbedUrl(ref, 'background'))).toMatchObject({ autoplay: '1', mute: '1', loop: '1', playlist: YT, controls: '0' });
  });

  it('builds the player address of each service', () => {
    expect(videoEmbedUrl({ source: 'vimeo', id: '1', hash: 'abcdef' })).toBe('https://player.vimeo.com/video/1?h=abcdef&autoplay=1&dnt=1');
    expect(query(videoEmbedUrl({ source: 'vimeo', id: '1' }, 'background'))).toMatchObject({ background: '1', muted: '1', loop: '1' });
    expect(videoEmbedUrl({ source: 'rutube', id: RUTUBE, privateKey: 'k' })).toBe(`https://rutube.ru/play/embed/${RUTUBE}?p=k&autoplay=1`);
    expect(videoEmbedUrl({ source: 'vk', ownerId: '-1', id: '2', hash: 'ff' })).toBe(
      'https://vk.com/video_ext.php?oid=-1&id=2&hash=ff&hd=2&autoplay=1',
    );
    expect(videoEmbedUrl({ source: 'kinescope', id: 'abc' }, 'background')).toBe(
      'https://kinescope.io/embed/abc?autoplay=1&muted=1&loop=1',
    );
  });
});

describe('videoThumbnailUrl', () => {
  it('knows the preview address of YouTube and Rutube only', () => {
    expect(videoThumbnailUrl({ source: 'youtube', id: YT })).toBe(`https://i.ytimg.com/vi/${YT}/hqdefault.jpg`);
    expect(videoThumbnailUrl({ source: 'rutube', id: RUTUBE })).toBe(`https://rutube.ru/api/video/${RUTUBE}/thumbnail/?redirect=1`);
    expect(videoThumbnailUrl({ source: 'vimeo', id: '1' })).toBeNull();
    expect(videoThumbnailUrl({ source: 'vk', ownerId: '1', id: '2' })).toBeNull();
    expect(videoThumbnailUrl({ source: 'kinescope', id: 'abc' })).toBeNull();
  });
});

describe('parseRatio', () => {
  it.each([
    ['16:9', { width: 16, height: 9 }],
    ['4/3', { width: 4, height: 3 }],
    [' 21 : 9 ', { width: 21, height: 9 }],
    ['1.5', { width: 1.5, height: 1 }],
    [1, { width: 1, height: 1 }],
  ])('reads %j', (value, ratio) => {
    expect(parseRatio(value)).toEqual(ratio);
  });

  it.each([undefined, null, '', 'wide', '0:9', '16:0', '1000:1', -1, Number.NaN])('falls back to 16:9 for %j', (value) => {
    expect(parseRatio(value)).toEqual({ width: 16, height: 9 });
  });
});

describe('videoPageUrl', () => {
  it('links the video page of each service, for visitors without script', () => {
    expect(videoPageUrl({ source: 'youtube', id: YT })).toBe(`https://www.youtube.com/watch?v=${YT}`);
    expect(videoPageUrl({ source: 'vimeo', id: '1', hash: 'abcdef' })).toBe('https://vimeo.com/1/abcdef');
    expect(videoPageUrl({ source: 'rutube', id: RUTUBE, privateKey: 'k' })).toBe(`https://rutube.ru/video/${RUTUBE}/?p=k`);
    expect(videoPageUrl({ source: 'vk', ownerId: '-1', id: '2', hash: 'ff' })).toBe('https://vk.com/video-1_2');
    expect(videoPageUrl({ source: 'kinescope', id: 'abc' })).toBe('https://kinescope.io/abc');
  });
});
