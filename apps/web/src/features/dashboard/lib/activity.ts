/**
 * Recent Activity (docs/product.md §4.6: the 5 latest), derived from what the local lists record:
 * tasks added and completed, notes written, files uploaded and resources shared. Nothing here is
 * invented; an entry without a readable time is left out.
 */

export interface ActivityItem {
  id: string;
  kind: 'task-added' | 'task-done' | 'note' | 'file' | 'resource';
  text: string;
  at: number;
}

export interface ActivitySources {
  tasks: readonly {
    id: string;
    title: string;
    createdAt: number;
    completed?: boolean;
    completedAt?: number;
  }[];
  notes: readonly { id: string; title: string; type: string; uploadedAt: string }[];
  resources: readonly { id: string; title: string; uploadedAt: number }[];
}

export const ACTIVITY_LIMIT = 5;

export function recentActivity(sources: ActivitySources, limit = ACTIVITY_LIMIT): ActivityItem[] {
  const items: ActivityItem[] = [];
  for (const task of sources.tasks) {
    if (task.createdAt > 0) {
      items.push({
        id: `task-added-${task.id}`,
        kind: 'task-added',
        text: `Added task “${task.title}”`,
        at: task.createdAt,
      });
    }
    if (task.completed && task.completedAt) {
      items.push({
        id: `task-done-${task.id}`,
        kind: 'task-done',
        text: `Completed task “${task.title}”`,
        at: task.completedAt,
      });
    }
  }
  for (const note of sources.notes) {
    const at = Date.parse(note.uploadedAt);
    if (Number.isNaN(at)) continue;
    const isText = note.type === 'notes';
    items.push({
      id: `note-${note.id}`,
      kind: isText ? 'note' : 'file',
      text: isText ? `Wrote note “${note.title}”` : `Uploaded file “${note.title}”`,
      at,
    });
  }
  for (const resource of sources.resources) {
    if (resource.uploadedAt > 0) {
      items.push({
        id: `resource-${resource.id}`,
        kind: 'resource',
        text: `Shared resource “${resource.title}”`,
        at: resource.uploadedAt,
      });
    }
  }
  return items.sort((a, b) => b.at - a.at).slice(0, limit);
}
