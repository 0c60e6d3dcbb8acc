import { Check, Copy } from 'lucide-react';
import { Button, type ButtonSize, type ButtonVariant } from '../../../ui/button';
import { useCopiedState } from '../../../lib/use-copied-state';

/** Copies a room's join code; reads "Copied!" for 1.2 s afterwards (docs/product.md §5.9). */
export function CopyCodeButton({
  code,
  roomName,
  variant = 'outline',
  size = 'sm',
}: {
  code: string;
  roomName: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const { copied, copy } = useCopiedState();
  return (
    <Button
      variant={variant}
      size={size}
      onClick={() => void copy(code)}
      aria-label={copied ? `Copied code for ${roomName}` : `Copy code for ${roomName}`}
    >
      {copied ? (
        <Check aria-hidden="true" className="h-4 w-4 text-green-600" />
      ) : (
        <Copy aria-hidden="true" className="h-4 w-4" />
      )}
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
    </Button>
  );
}
