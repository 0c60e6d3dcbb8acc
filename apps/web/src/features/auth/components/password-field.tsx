import { forwardRef, useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Field, type FieldProps } from '../../../ui/field';

/**
 * A password input with a show/hide button. The button's name says what it will do ("Show
 * password" / "Hide password") and aria-pressed reports the current state.
 */
export interface PasswordFieldProps extends Omit<FieldProps, 'type' | 'trailing'> {
  /** What the toggle reveals, for its name: "Show {revealLabel}". Defaults to "password". */
  revealLabel?: string;
}

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField({ revealLabel = 'password', ...props }, ref) {
    const [visible, setVisible] = useState(false);
    const Icon = visible ? EyeOff : Eye;
    return (
      <Field
        ref={ref}
        type={visible ? 'text' : 'password'}
        trailing={
          <button
            type="button"
            onClick={() => setVisible((value) => !value)}
            aria-label={`${visible ? 'Hide' : 'Show'} ${revealLabel}`}
            aria-pressed={visible}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
          </button>
        }
        {...props}
      />
    );
  },
);
