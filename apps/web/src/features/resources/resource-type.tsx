import { Badge, type BadgeTone } from '../../ui/badge';
import type { ResourceType } from './resource-rules';

/**
 * docs/product.md §12.3: guide orange, cheatsheet green, roadmap blue, notes purple; words say it
 * too.
 */
const TYPE_STYLE: Record<ResourceType, { label: string; tone: BadgeTone }> = {
  notes: { label: 'Notes', tone: 'purple' },
  guide: { label: 'Guide', tone: 'orange' },
  cheatsheet: { label: 'Cheat sheet', tone: 'success' },
  roadmap: { label: 'Roadmap', tone: 'info' },
};

export const resourceTypeLabel = (type: ResourceType) => TYPE_STYLE[type].label;

export function ResourceTypeBadge({ type }: { type: ResourceType }) {
  const { label, tone } = TYPE_STYLE[type];
  return <Badge tone={tone}>{label}</Badge>;
}
