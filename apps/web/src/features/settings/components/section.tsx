import type { ReactNode } from 'react';
import { Card } from '../../../ui/card';

/** One titled block of the Settings page. */
export function SettingsSection({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <Card className="min-w-0" aria-labelledby={`${id}-title`} role="region">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-4">{children}</div>
    </Card>
  );
}
