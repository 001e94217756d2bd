import { useEffect, useRef, type ReactNode } from 'react';
import { mountSlideshow, type SlideshowConfig } from './slideshow';

/**
 * The hero slider island: its children are the server-rendered slides, untouched by React; once the
 * island becomes visible, keen-slider takes them over.
 */
export default function Slideshow({ config, children }: { config: SlideshowConfig; children?: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => (host.current ? mountSlideshow(host.current, config) : undefined), [config]);
  return (
    <div ref={host} className="slideshow">
      {children}
    </div>
  );
}
