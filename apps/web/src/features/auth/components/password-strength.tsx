import { Check, X } from 'lucide-react';
import { passwordRequirements, passwordStrength } from '@studycircle/shared';
import { cn } from '../../../ui/cn';

const BAR_COLOURS = [
  'bg-red-500',
  'bg-red-500',
  'bg-orange-500',
  'bg-amber-500',
  'bg-lime-500',
  'bg-green-600',
];

/**
 * The strength meter and requirement checklist of the reset screen (docs/product.md §3.5, §3.6).
 * The label is always written out and each requirement has a tick or cross plus hidden "met"/"not
 * met" text, so colour is never the only signal.
 */
export function PasswordStrength({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  const requirements = passwordRequirements(password);
  return (
    <div className="space-y-3">
      <div>
        <div className="flex items-center justify-between text-xs">
          <span className="text-slate-600">Password strength</span>
          <span className="font-semibold text-slate-800" aria-live="polite">
            <span className="sr-only">Password strength: </span>
            {label}
          </span>
        </div>
        <div
          className="mt-1.5 flex gap-1"
          role="meter"
          aria-label="Password strength"
          aria-valuemin={0}
          aria-valuemax={5}
          aria-valuenow={score}
          aria-valuetext={label}
        >
          {[1, 2, 3, 4, 5].map((step) => (
            <span
              key={step}
              className={cn(
                'h-1.5 flex-1 rounded-full transition-colors',
                step <= score ? BAR_COLOURS[score] : 'bg-slate-200',
              )}
            />
          ))}
        </div>
      </div>
      <ul className="grid gap-1 text-xs sm:grid-cols-2" aria-label="Password requirements">
        {requirements.map((requirement) => (
          <li
            key={requirement.label}
            className={cn(
              'flex items-center gap-1.5',
              requirement.met ? 'text-green-700' : 'text-slate-500',
            )}
          >
            {requirement.met ? (
              <Check aria-hidden="true" className="h-3.5 w-3.5" />
            ) : (
              <X aria-hidden="true" className="h-3.5 w-3.5" />
            )}
            {requirement.label}
            <span className="sr-only">{requirement.met ? ' (met)' : ' (not met)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
