import { useEffect, useRef, type ReactNode } from 'react';
import { mountCarousel, type CarouselConfig } from './carousel';

/**
 * The carousel island: its children are the server-rendered items, untouched by React; once the
 * island becomes visible, keen-slider takes them over on the screens laid out as a carousel.
 */
export default function Carousel({ config, children }: { config: CarouselConfig; children?: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => (host.current ? mountCarousel(host.current, config) : undefined), [config]);
  return (
    <div ref={host} className="carousel">
      {children}
    </div>
  );
}
