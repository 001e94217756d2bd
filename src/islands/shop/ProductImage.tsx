import type { ImageDto } from '../../lib/api-client';

type Props = {
  image: ImageDto | null | undefined;
  width: number;
  height: number;
  alt: string;
  fit?: 'outbound' | 'inset';
  critical?: boolean;
  className?: string;
};

/** A resized image from the shop's media server (same addresses as components/Picture.astro), or a neutral placeholder. */
export function ProductImage({ image, width, height, alt, fit = 'outbound', critical = false, className = '' }: Props) {
  if (!image)
    return (
      <span className={`shop-image shop-image--empty ${className}`} style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true" />
    );
  const src = (w: number, h: number, format: string) => `${image.uri}?w=${w}&h=${h}&fit=${fit}&format=${format}`;
  return (
    <picture className={`shop-image ${className}`}>
      <source type="image/webp" srcSet={`${src(width, height, 'webp')} 1x, ${src(width * 2, height * 2, 'webp')} 2x`} />
      <img
        src={src(width, height, 'jpeg')}
        width={width}
        height={height}
        alt={alt}
        loading={critical ? 'eager' : 'lazy'}
        fetchPriority={critical ? 'high' : 'auto'}
        decoding="async"
      />
    </picture>
  );
}
