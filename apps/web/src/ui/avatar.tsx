import { useState } from 'react';
import { UserRound } from 'lucide-react';
import { cn } from './cn';

/**
 * A round user picture. A missing or failing image falls back to a default icon
 * (docs/product.md §16.4), so a broken link never shows the browser's broken-image glyph.
 */
export function Avatar({
  src,
  name,
  size = 'md',
  className,
  decorative = false,
}: {
  src?: string | null | undefined;
  /** Used as the image's alternative text. */
  name: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Hidden from assistive technology, for a picture beside the name it shows (a menu's header,
   * where an image is not an allowed child of role=menu either). */
  decorative?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const px = { sm: 'h-8 w-8', md: 'h-9 w-9', lg: 'h-12 w-12' }[size];
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      aria-hidden={decorative || undefined}
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-brand-700',
        px,
        className,
      )}
    >
      {showImage ? (
        <img
          src={src ?? undefined}
          alt={decorative ? '' : name}
          className="h-full w-full object-cover"
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : (
        <UserRound
          {...(decorative ? {} : { role: 'img', 'aria-label': name })}
          className="h-3/5 w-3/5"
        />
      )}
    </span>
  );
}
