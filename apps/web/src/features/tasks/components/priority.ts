import type { BadgeTone } from '../../../ui/badge';
import type { TaskPriority } from '../tasks-store';

/**
 * docs/product.md §11.3: high red, medium yellow, low green; the badge's words carry the meaning
 * too.
 */
export const PRIORITY: Record<TaskPriority, { label: string; tone: BadgeTone }> = {
  high: { label: 'High', tone: 'danger' },
  medium: { label: 'Medium', tone: 'yellow' },
  low: { label: 'Low', tone: 'success' },
};
