/**
 * Video embeds of spec 2.9 / 3.4: sources youtube, vimeo, rutube, vk and kinescope, shown in the
 * default mode (the player starts after a click) or the background mode (muted, autoplaying, looping).
 *
 * The owner may store a bare video id or any page, share or embed URL of the service. Only ids that
 * match the service's id format are accepted, and every URL built here points at the service's own
 * host, so stored data can never make the page embed some other address.
 */

export const VIDEO_SOURCES = ['youtube', 'vimeo', 'rutube', 'vk', 'kinescope'] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];
export type VideoMode = 'default' | 'background';

export type VideoRef =
  | { source: 'youtube'; id: string }
  /** `hash` is the privacy key of an unlisted video */
  | { source: 'vimeo'; id: string; hash?: string }
  /** `privateKey` is the `p` key of a video shared by link only */
  | { source: 'rutube'; id: string; privateKey?: string }
  /** VK addresses a video by owner id and video id; the hash is needed for embeds of some videos */
  | { source: 'vk'; ownerId: string; id: string; hash?: string }
  | { source: 'kinescope'; id: string }
  /** a file on the shop's own site, played by the browser's own player */
  | { source: 'file'; path: string };

const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[\da-f]{6,20}$/i;
const RUTUBE_ID = /^[\da-f]{32}$/i;
const RUTUBE_KEY = /^[\w-]{1,64}$/;
const VK_OWNER_ID = /^-?\d{1,20}$/;
const VK_VIDEO_ID = /^\d{1,20}$/;
const VK_HASH = /^[\da-f]{1,40}$/i;
/** `{ownerId}_{videoId}`, as in vk.com/video-123_456 */
const VK_PAIR = /^(-?\d{1,20})_(\d{1,20})$/;
const KINESCOPE_ID = /^[\w-]{1,64}$/;

export function isVideoSource(value: unknown): value is VideoSource {
  return typeof value === 'string' && (VIDEO_SOURCES as readonly string[]).includes(value);
}

/** An absolute http(s) URL, also when the scheme was left out ('youtu.be/abc'); null for a bare id. */
function asUrl(input: string): URL | null {
  const candidate = /^https?:\/\//i.test(input) ? input : /^[\w.-]+\.[a-z]{2,}\//i.test(input) ? `https://${input}` : null;
  if (candidate === null) return null;
  try {
    return new URL(candidate);
  } catch {
    return null;
  }
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^(www|m)\./, '');
const pathParts = (url: URL) => url.pathname.split('/').filter(Boolean);
const matching = (value: string | null | undefined, pattern: RegExp) => (value && pattern.test(value) ? value : undefined);

/** The service a video URL belongs to, or null when the host is not one of the five. */
export function detectVideoSource(input: string): VideoSource | null {
  const url = asUrl(input.trim());
  if (!url) return null;
  const host = hostOf(url);
  if (host === 'youtu.be' || host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com')) return 'youtube';
  if (host.endsWith('vimeo.com')) return 'vimeo';
  if (host === 'rutube.ru') return 'rutube';
  if (host === 'vk.com' || host === 'vk.ru' || host === 'vkvideo.ru') return 'vk';
  if (host.endsWith('kinescope.io')) return 'kinescope';
  return null;
}

function youtubeRef(input: string, url: URL | null): VideoRef | null {
  let id: string | undefined;
  if (!url) id = matching(input, YOUTUBE_ID);
  else if (hostOf(url) === 'youtu.be') id = matching(pathParts(url)[0], YOUTUBE_ID);
  else {
    const [first, second] = pathParts(url);
    id =
      first === 'watch'
        ? matching(url.searchParams.get('v'), YOUTUBE_ID)
        : ['embed', 'shorts', 'live', 'v'].includes(first ?? '')
          ? matching(second, YOUTUBE_ID)
          : undefined;
  }
  return id ? { source: 'youtube', id } : null;
}

function vimeoRef(input: string, url: URL | null): VideoRef | null {
  if (!url) return VIMEO_ID.test(input) ? { source: 'vimeo', id: input } : null;
  const parts = pathParts(url);
  const index = parts.findIndex((part) => VIMEO_ID.test(part));
  const id = index >= 0 ? parts[index] : undefined;
  if (!id) return null;
  const hash = matching(url.searchParams.get('h'), VIMEO_HASH) ?? matching(parts[index + 1], VIMEO_HASH);
  return hash ? { source: 'vimeo', id, hash } : { source: 'vimeo', id };
}

function rutubeRef(input: string, url: URL | null): VideoRef | null {
  const id = url ? pathParts(url).find((part) => RUTUBE_ID.test(part)) : matching(input, RUTUBE_ID);
  if (!id) return null;
  const privateKey = url ? matching(url.searchParams.get('p'), RUTUBE_KEY) : undefined;
  return privateKey ? { source: 'rutube', id: id.toLowerCase(), privateKey } : { source: 'rutube', id: id.toLowerCase() };
}

function vkRef(input: string, url: URL | null): VideoRef | null {
  let ownerId: string | undefined;
  let id: string | undefined;
  let hash: string | undefined;
  if (url && pathParts(url)[0] === 'video_ext.php') {
    ownerId = matching(url.searchParams.get('oid'), VK_OWNER_ID);
    id = matching(url.searchParams.get('id'), VK_VIDEO_ID);
    hash = matching(url.searchParams.get('hash'), VK_HASH);
  } else {
    // vk.com/video-1_2, vkvideo.ru/video-1_2, vk.com/clip-1_2, vk.com/feed?z=video-1_2%2F..., or '-1_2'
    const text = url ? `${url.pathname} ${url.searchParams.get('z') ?? ''}` : input;
    const pair = /(?:^|video|clip)(-?\d{1,20}_\d{1,20})/.exec(text)?.[1];
    const match = pair ? VK_PAIR.exec(pair) : null;
    ownerId = match?.[1];
    id = match?.[2];
    hash = url ? matching(url.searchParams.get('hash'), VK_HASH) : undefined;
  }
  if (!ownerId || !id) return null;
  return hash ? { source: 'vk', ownerId, id, hash } : { source: 'vk', ownerId, id };
}

function kinescopeRef(input: string, url: URL | null): VideoRef | null {
  const parts = url ? pathParts(url) : [input];
  const id = matching(parts[0] === 'embed' || parts[0] === 'watch' ? parts[1] : parts[0], KINESCOPE_ID);
  return id ? { source: 'kinescope', id } : null;
}

const PARSERS: Record<VideoSource, (input: string, url: URL | null) => VideoRef | null> = {
  youtube: youtubeRef,
  vimeo: vimeoRef,
  rutube: rutubeRef,
  vk: vkRef,
  kinescope: kinescopeRef,
};

/**
 * The video a stored value points at: a URL of the given service (or, with no service given, of any
 * of the five) or a bare id of the given service. Null for anything else, including a URL of another
 * service than the one chosen.
 */
export function parseVideo(input: unknown, source?: unknown): VideoRef | null {
  if (typeof input !== 'string') return null;
  const value = input.trim();
  if (value === '' || value.length > 2048) return null;
  const url = asUrl(value);
  const detected = url ? detectVideoSource(value) : null;
  const chosen = isVideoSource(source) ? source : detected;
  if (!chosen || (url && detected !== chosen)) return null;
  return PARSERS[chosen](value, url);
}

/**
 * A video file served by the shop itself: an absolute path on its own site ending in .mp4 or .webm, of plain
 * path segments only (no host, no query, no `..`), so the page's `media-src 'self'` covers it and nothing in it is
 * read as anything but an address.
 */
const FILE_PATH = /^(?:\/[\w-][\w.-]{0,99}){1,8}\.(?:mp4|webm)$/i;

export function parseVideoFile(input: unknown): { source: 'file'; path: string } | null {
  if (typeof input !== 'string') return null;
  const path = input.trim();
  return FILE_PATH.test(path) && !path.includes('..') ? { source: 'file', path } : null;
}

function withQuery(base: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

/**
 * The player address. In the default mode the player is inserted after the visitor's click, so it
 * starts at once; in the background mode it plays muted in a loop without controls.
 */
export function videoEmbedUrl(ref: VideoRef, mode: VideoMode = 'default'): string {
  const background = mode === 'background';
  const on = (flag: boolean) => (flag ? '1' : undefined);
  switch (ref.source) {
    case 'file':
      return ref.path;
    case 'youtube':
      return withQuery(`https://www.youtube-nocookie.com/embed/${ref.id}`, {
        autoplay: '1',
        mute: on(background),
        loop: on(background),
        // a single video loops only as its own playlist
        playlist: background ? ref.id : undefined,
        controls: background ? '0' : undefined,
        playsinline: '1',
        rel: '0',
        // spec 9: YouTube prefers hd1080 (the player API then asks for hd1080, else hd720)
        vq: 'hd1080',
        enablejsapi: '1',
      });
    case 'vimeo':
      return withQuery(`https://player.vimeo.com/video/${ref.id}`, {
        h: ref.hash,
        autoplay: '1',
        muted: on(background),
        loop: on(background),
        background: on(background),
        dnt: '1',
      });
    case 'rutube':
      return withQuery(`https://rutube.ru/play/embed/${ref.id}`, {
        p: ref.privateKey,
        autoplay: '1',
        mute: on(background),
        loop: on(background),
      });
    case 'vk':
      return withQuery('https://vk.com/video_ext.php', {
        oid: ref.ownerId,
        id: ref.id,
        hash: ref.hash,
        hd: '2',
        autoplay: '1',
        mute: on(background),
        loop: on(background),
      });
    case 'kinescope':
      return withQuery(`https://kinescope.io/embed/${ref.id}`, { autoplay: '1', muted: on(background), loop: on(background) });
  }
}

/** The video's own page at the service: where the play link leads when the page runs no script. */
export function videoPageUrl(ref: VideoRef): string {
  switch (ref.source) {
    case 'file':
      return ref.path;
    case 'youtube':
      return `https://www.youtube.com/watch?v=${ref.id}`;
    case 'vimeo':
      return `https://vimeo.com/${ref.id}${ref.hash ? `/${ref.hash}` : ''}`;
    case 'rutube':
      return withQuery(`https://rutube.ru/video/${ref.id}/`, { p: ref.privateKey });
    case 'vk':
      return `https://vk.com/video${ref.ownerId}_${ref.id}`;
    case 'kinescope':
      return `https://kinescope.io/${ref.id}`;
  }
}

/** A preview picture the service serves at a predictable address, or null where it has none. */
export function videoThumbnailUrl(ref: VideoRef): string | null {
  switch (ref.source) {
    case 'youtube':
      // hqdefault exists for every video (maxresdefault only for HD uploads)
      return `https://i.ytimg.com/vi/${ref.id}/hqdefault.jpg`;
    case 'rutube':
      return `https://rutube.ru/api/video/${ref.id}/thumbnail/?redirect=1`;
    default:
      return null;
  }
}

/** The ratio as width/height numbers ('16:9', '4/3', '1.5'); 16:9 when missing or unusable. */
export function parseRatio(value: unknown): { width: number; height: number } {
  const fallback = { width: 16, height: 9 };
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 && value < 100 ? { width: value, height: 1 } : fallback;
  if (typeof value !== 'string') return fallback;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:[:/x]\s*(\d+(?:\.\d+)?))?\s*$/i.exec(value);
  if (!match) return fallback;
  const width = Number(match[1]);
  const height = match[2] === undefined ? 1 : Number(match[2]);
  return width > 0 && height > 0 && width / height < 100 && height / width < 100 ? { width, height } : fallback;
}

// ---------------------------------------------------------------- player scripts (spec 2.9, 9)

/** The player script each service offers to control its embeds; a visible video section loads its service's. */
export const PLAYER_SCRIPTS: Record<VideoSource, string | null> = {
  youtube: 'https://www.youtube.com/iframe_api',
  vimeo: 'https://player.vimeo.com/api/player.js',
  kinescope: 'https://player.kinescope.io/latest/iframe.player.js',
  vk: 'https://vk.com/js/api/videoplayer.js',
  // Rutube's embeds are driven by window messages: it has no script to load
  rutube: null,
};

/** Spec 9: YouTube plays in hd1080 when the video has it, else hd720, else the player's own choice. */
export const YOUTUBE_QUALITIES = ['hd1080', 'hd720'] as const;
export function preferredYoutubeQuality(available: readonly string[]): string | null {
  return YOUTUBE_QUALITIES.find((quality) => available.includes(quality)) ?? null;
}

/** Spec 9: a Vimeo background video that does not start is asked again after these delays. */
export const VIMEO_REPLAY_DELAYS_MS = [500, 1000, 2000] as const;

/** Runs `attempt` until it succeeds, waiting each delay in turn before the next try; false when all failed. */
export async function retryWithDelays(
  attempt: () => Promise<unknown>,
  delays: readonly number[],
  wait: (ms: number) => Promise<void>,
): Promise<boolean> {
  for (let index = 0; ; index += 1) {
    try {
      await attempt();
      return true;
    } catch {
      const delay = delays[index];
      if (delay === undefined) return false;
      await wait(delay);
    }
  }
}
