// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_SCRIPTS, VIMEO_REPLAY_DELAYS_MS, preferredYoutubeQuality, retryWithDelays } from '../../src/lib/video';

describe('video player rules (spec 9)', () => {
  it('prefer hd1080, then hd720, else leave the quality to the player', () => {
    expect(preferredYoutubeQuality(['hd1080', 'hd720', 'large'])).toBe('hd1080');
    expect(preferredYoutubeQuality(['hd720', 'large'])).toBe('hd720');
    expect(preferredYoutubeQuality(['large', 'medium'])).toBeNull();
  });

  it('retry a Vimeo start after 500, 1000 and 2000 ms, then give up', async () => {
    const waited: number[] = [];
    const attempt = vi.fn(async () => {
      throw new Error('autoplay refused');
    });
    expect(await retryWithDelays(attempt, VIMEO_REPLAY_DELAYS_MS, async (ms) => void waited.push(ms))).toBe(false);
    expect(waited).toEqual([500, 1000, 2000]);
    expect(attempt).toHaveBeenCalledTimes(4);
    let calls = 0;
    expect(
      await retryWithDelays(
        async () => (calls += 1) < 2 && Promise.reject(new Error('no')),
        VIMEO_REPLAY_DELAYS_MS,
        async () => {},
      ),
    ).toBe(true);
    expect(calls).toBe(2);
  });
});

type Listener = (entries: { isIntersecting: boolean; target: Element }[]) => void;

describe('video sections in the browser', () => {
  beforeEach(() => {
    vi.resetModules();
    document.head.innerHTML = '';
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: Listener) {}
        observe(target: Element) {
          this.callback([{ isIntersecting: true, target }]);
        }
        unobserve() {}
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    const w = window as unknown as Record<string, unknown>;
    delete w['YT'];
    delete w['Vimeo'];
    delete w['onYouTubeIframeAPIReady'];
  });
  const scriptOf = (src: string) => document.head.querySelector<HTMLScriptElement>(`script[src="${src}"]`);

  it('loads the YouTube player API for a started video and asks for hd1080, else hd720', async () => {
    document.body.innerHTML = `<div data-video="default" data-embed-url="https://www.youtube-nocookie.com/embed/x?enablejsapi=1" data-video-source="youtube"><button data-video-play>Play</button></div>`;
    const { enableVideos } = await import('../../src/components/sections/video-player');
    enableVideos();
    expect(scriptOf(PLAYER_SCRIPTS.youtube!)).toBeNull();
    document.querySelector<HTMLButtonElement>('[data-video-play]')!.click();
    const frame = document.querySelector('iframe')!;
    expect(frame.src).toContain('enablejsapi=1');
    const script = scriptOf(PLAYER_SCRIPTS.youtube!)!;
    const setPlaybackQuality = vi.fn();
    let onReady: ((event: { target: unknown }) => void) | undefined;
    const w = window as unknown as { YT: unknown; onYouTubeIframeAPIReady: () => void };
    w.YT = {
      Player: class {
        constructor(element: unknown, options: { events: { onReady: typeof onReady } }) {
          expect(element).toBe(frame);
          onReady = options.events.onReady;
        }
      },
    };
    script.dispatchEvent(new Event('load'));
    w.onYouTubeIframeAPIReady();
    await vi.waitFor(() => expect(onReady).toBeDefined());
    onReady!({ target: { getAvailableQualityLevels: () => ['hd720', 'large'], setPlaybackQuality } });
    expect(setPlaybackQuality).toHaveBeenCalledWith('hd720');
  });

  it('starts a visible Vimeo background video through its player, retrying a refused start', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<div data-video="background" data-embed-url="https://player.vimeo.com/video/1?background=1" data-video-source="vimeo"></div>`;
    const play = vi.fn().mockRejectedValueOnce(new Error('refused')).mockResolvedValueOnce(undefined);
    (window as unknown as { Vimeo: unknown }).Vimeo = {
      Player: class {
        play = play;
      },
    };
    const { enableVideos } = await import('../../src/components/sections/video-player');
    enableVideos();
    scriptOf(PLAYER_SCRIPTS.vimeo!)!.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);
    expect(play).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(VIMEO_REPLAY_DELAYS_MS[0]);
    expect(play).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it("plays a file of the shop in the browser's own player: with controls after a click, muted and looping as a background", async () => {
    const play = vi.fn(async () => {});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
    document.body.innerHTML = `<div data-video="default" data-embed-url="/media/clip.webm" data-video-source="file" data-video-title="Video"><a href="/media/clip.webm" data-video-play>Play</a></div>
      <div data-video="background" data-embed-url="/media/loop.webm" data-video-source="file"></div>`;
    const { enableVideos } = await import('../../src/components/sections/video-player');
    enableVideos();
    const background = document.querySelector<HTMLVideoElement>('[data-video="background"] video')!;
    expect([background.muted, background.loop, background.controls, background.getAttribute('aria-hidden')]).toEqual([
      true,
      true,
      false,
      'true',
    ]);
    expect(document.querySelector('[data-video="default"] video')).toBeNull();
    document.querySelector<HTMLAnchorElement>('[data-video-play]')!.click();
    const clicked = document.querySelector<HTMLVideoElement>('[data-video="default"] video')!;
    expect(clicked.getAttribute('src')).toBe('/media/clip.webm');
    expect([clicked.controls, clicked.muted, clicked.getAttribute('aria-label')]).toEqual([true, false, 'Video']);
    expect(document.querySelector('[data-video-play]')).toBeNull();
    expect(play).toHaveBeenCalledTimes(2);
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('leaves a background video still when the visitor prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    document.body.innerHTML = `<div data-video="background" data-embed-url="/media/loop.webm" data-video-source="file"></div>`;
    const { enableVideos } = await import('../../src/components/sections/video-player');
    enableVideos();
    expect(document.querySelector('video')).toBeNull();
    expect(document.querySelector('[data-video]')!.getAttribute('data-video-state')).toBe('still');
  });
});
