/**
 * Starts the section videos of MediaView.astro: a default-mode video gets its player when the
 * visitor clicks play; a background video gets a muted looping player once it is visible (the
 * embed address already asks for that), and its loading cover fades out when the player has loaded.
 */

let enabled = false;

function insertPlayer(box: HTMLElement, background: boolean): void {
  const url = box.dataset['embedUrl'];
  if (!url || box.querySelector('iframe')) return;
  const frame = document.createElement('iframe');
  frame.src = url;
  frame.title = box.dataset['videoTitle'] ?? '';
  frame.allow = 'autoplay; fullscreen; picture-in-picture; encrypted-media';
  frame.allowFullscreen = true;
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  if (background) {
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    frame.addEventListener('load', () => box.setAttribute('data-video-state', 'playing'), { once: true });
  } else {
    box.setAttribute('data-video-state', 'playing');
  }
  box.append(frame);
  if (!background) {
    box.querySelector('[data-video-play]')?.remove();
    frame.focus();
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
