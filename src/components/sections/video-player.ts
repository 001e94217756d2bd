/**
 * Starts the section videos of MediaView.astro: a default-mode video gets its player when the
 * visitor clicks play; a background video gets a muted looping player once it is visible (the
 * embed address already asks for that), and its loading cover fades out when the player has loaded.
 */

import {
  PLAYER_SCRIPTS,
  VIMEO_REPLAY_DELAYS_MS,
  isVideoSource,
  preferredYoutubeQuality,
  retryWithDelays,
  type VideoSource,
} from '../../lib/video';

let enabled = false;

type YoutubePlayer = { getAvailableQualityLevels(): string[]; setPlaybackQuality(quality: string): void };
type VideoWindow = Window & {
  YT?: { Player: new (frame: HTMLIFrameElement, options: { events: { onReady: (event: { target: YoutubePlayer }) => void } }) => unknown };
  onYouTubeIframeAPIReady?: () => void;
  Vimeo?: { Player: new (frame: HTMLIFrameElement) => { play(): Promise<unknown> } };
};

const scripts = new Map<string, Promise<void>>();
/** Loads a service's player script once per page. */
function loadScript(src: string): Promise<void> {
  let loaded = scripts.get(src);
  if (!loaded) {
    loaded = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => resolve(), { once: true });
      script.addEventListener('error', () => reject(new Error(`${src} did not load`)), { once: true });
      document.head.append(script);
    });
    scripts.set(src, loaded);
  }
  return loaded;
}

const youtubeReady = () =>
  new Promise<void>((resolve) => {
    const w = window as VideoWindow;
    if (w.YT?.Player) return resolve();
    const previous = w.onYouTubeIframeAPIReady;
    w.onYouTubeIframeAPIReady = () => {
      previous?.();
      resolve();
    };
  });

/** Loads the player script of the video's service and applies spec 9's rules through it. */
async function controlPlayer(source: VideoSource, frame: HTMLIFrameElement, background: boolean): Promise<void> {
  const src = PLAYER_SCRIPTS[source];
  if (!src) return;
  const w = window as VideoWindow;
  if (source === 'youtube') {
    const ready = youtubeReady();
    await loadScript(src);
    await ready;
    new w.YT!.Player(frame, {
      events: {
        onReady: ({ target }) => {
          const quality = preferredYoutubeQuality(target.getAvailableQualityLevels());
          if (quality) target.setPlaybackQuality(quality);
        },
      },
    });
  } else if (source === 'vimeo') {
    await loadScript(src);
    if (!background || !w.Vimeo) return;
    const player = new w.Vimeo.Player(frame);
    await retryWithDelays(
      () => player.play(),
      VIMEO_REPLAY_DELAYS_MS,
      (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
    );
  } else {
    await loadScript(src);
  }
}

/** The browser's own player for a file on the shop's site: with controls after a click, muted and looping as a background. */
function fileElement(url: string, title: string, background: boolean): HTMLVideoElement {
  const video = document.createElement('video');
  video.src = url;
  video.playsInline = true;
  video.autoplay = true;
  video.preload = 'auto';
  if (background) {
    video.muted = true;
    video.loop = true;
  } else {
    video.controls = true;
    video.setAttribute('aria-label', title);
  }
  return video;
}

function frameElement(url: string, title: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.src = url;
  frame.title = title;
  frame.allow = 'autoplay; fullscreen; picture-in-picture; encrypted-media';
  frame.allowFullscreen = true;
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  return frame;
}

function insertPlayer(box: HTMLElement, background: boolean): void {
  const url = box.dataset['embedUrl'];
  if (!url || box.querySelector('iframe, video')) return;
  const source = box.dataset['videoSource'];
  const title = box.dataset['videoTitle'] ?? '';
  const player = source === 'file' ? fileElement(url, title, background) : frameElement(url, title);
  if (background) {
    player.tabIndex = -1;
    player.setAttribute('aria-hidden', 'true');
    player.addEventListener(
      player instanceof HTMLVideoElement ? 'playing' : 'load',
      () => box.setAttribute('data-video-state', 'playing'),
      {
        once: true,
      },
    );
  } else {
    box.setAttribute('data-video-state', 'playing');
  }
  box.append(player);
  if (isVideoSource(source) && player instanceof HTMLIFrameElement) controlPlayer(source, player, background).catch(() => {});
  if (player instanceof HTMLVideoElement) player.play().catch(() => {});
  if (!background) {
    box.querySelector('[data-video-play]')?.remove();
    player.focus();
  }
}

export function enableVideos(): void {
  if (enabled) return;
  enabled = true;
  document.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const play = (event.target as Element | null)?.closest?.('[data-video-play]');
    const box = play?.closest<HTMLElement>('[data-video="default"]');
    if (!box) return;
    event.preventDefault();
    insertPlayer(box, false);
  });
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const box = entry.target as HTMLElement;
        // With reduced motion the preview stays: nothing starts moving by itself.
        if (reducedMotion.matches) box.setAttribute('data-video-state', 'still');
        else insertPlayer(box, true);
      }
    },
    { rootMargin: '200px 0px' },
  );
  const observeAll = () => document.querySelectorAll<HTMLElement>('[data-video="background"]').forEach((box) => observer.observe(box));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', observeAll, { once: true });
  else observeAll();
}
