/**
 * A user's round photo, `size` CSS pixels square: with its stored widths the browser
 * fetches the narrowest that is sharp on the screen (photos are 500 px, shown at 32–72).
 */
export function UserPhoto({
  src,
  srcSet,
  size,
  alt,
  className,
  lazy = false,
}: {
  src: string;
  srcSet: string;
  size: number;
  alt: string;
  className: string;
  lazy?: boolean;
}) {
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? `${size}px` : undefined}
      alt={alt}
      loading={lazy ? 'lazy' : undefined}
      width={size}
      height={size}
    />
  );
}
