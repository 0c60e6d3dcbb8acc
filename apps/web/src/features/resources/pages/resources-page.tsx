import { useId, useRef, useState, type FormEvent } from 'react';
import { ExternalLink, FolderOpen, Trash2, Upload } from 'lucide-react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Field, inputClasses } from '../../../ui/field';
import { EmptyState } from '../../../ui/empty-state';
import { pageClasses } from '../../../ui/page-width';
import { formatDay } from '../../../lib/dates';
import { StorageWriteError } from '../../../lib/storage';
import { useAuth } from '../../auth';
import { ShareWithRoomButton } from '../../rooms';
import {
  RESOURCE_TYPES,
  safeHref,
  validateResourceForm,
  type ResourceType,
} from '../resource-rules';
import { ResourceTypeBadge, resourceTypeLabel } from '../resource-type';
import {
  addResource,
  commitRemovedResource,
  removeResourceUndoably,
  undoRemoveResource,
  type Resource,
} from '../resources-store';
import { offerUndo } from '../../../ui/undo-toast';
import { useResources } from '../use-resources';

function hostOf(href: string): string {
  try {
    return new URL(href).hostname;
  } catch {
    return href;
  }
}

function ResourceCard({
  resource,
  onRemove,
  canShare,
}: {
  resource: Resource;
  onRemove: () => void;
  /** Signed in: the resource is on the account and may go to a room's workspace. */
  canShare: boolean;
}) {
  // Stored data may have been edited by hand: only an http(s) link is ever opened.
  const href = safeHref(resource.link);
  return (
    <li className="flex h-full min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{resource.title}</h3>
        <button
          type="button"
          onClick={onRemove}
          data-remove-resource={resource.id}
          aria-label={`Remove "${resource.title}"`}
          className="-m-1 shrink-0 rounded-lg p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      <div className="mt-2 flex flex-wrap gap-1.5">
        <ResourceTypeBadge type={resource.type} />
        {resource.tags.map((tag, index) => (
          <span
            key={`${tag}-${index}`}
            className="max-w-full truncate rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
          >
            #{tag}
          </span>
        ))}
      </div>
      <p className="mt-3 text-xs break-words text-slate-500">
        by {resource.by} • {formatDay(resource.uploadedAt)}
      </p>
      <div className="mt-auto pt-4">
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex max-w-full items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ExternalLink aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span>Open</span>
            <span className="sr-only">{resource.title} (opens in a new tab)</span>
            <span aria-hidden="true" className="truncate font-normal text-slate-500">
              {hostOf(href)}
            </span>
          </a>
        ) : (
          <p className="text-sm text-slate-500">This link cannot be opened.</p>
        )}
        {canShare && (
          <ShareWithRoomButton
            target={{ kind: 'resource', id: resource.id, name: resource.title }}
            className="mt-2 inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
        )}
      </div>
    </li>
  );
}

/**
 * Resources (/resources, docs/product.md §12.1; no sign-in needed): a form to add a link with a
 * type and tags, and the list for the signed-in user (or the guest list), newest first.
 */
export function ResourcesPage() {
  const { user } = useAuth();
  const resources = useResources(user);
  const [title, setTitle] = useState('');
  const [link, setLink] = useState('');
  const [type, setType] = useState<ResourceType>('notes');
  const [tags, setTags] = useState('');
  const [error, setError] = useState<{ message: string; field?: 'title' | 'link' } | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const typeId = useId();
  const errorId = useId();

  // Removed at once, with Undo for 5 s (docs/decisions/0064-undo-a-delete.md).
  const removeWithUndo = (id: string) => {
    const removed = removeResourceUndoably(user, id);
    if (!removed) return;
    offerUndo({
      message: 'Resource removed.',
      key: 'resource-removed',
      undo: () =>
        void undoRemoveResource(user, removed).then(() =>
          requestAnimationFrame(() =>
            document
              .querySelector<HTMLElement>(`[data-remove-resource="${CSS.escape(id)}"]`)
              ?.focus(),
          ),
        ),
      commit: () => commitRemovedResource(removed),
    });
  };
  const store = (action: () => void): boolean => {
    try {
      action();
      return true;
    } catch (err) {
      if (!(err instanceof StorageWriteError)) throw err;
      setError({ message: err.message });
      return false;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateResourceForm({ title, link, tags });
    if (!result.ok) {
      setError({ message: result.message, field: result.field });
      (result.field === 'title' ? titleRef : linkRef).current?.focus();
      return;
    }
    setError(null);
    const saved = store(() =>
      addResource(user, { title: result.title, link: result.link, type, tags: result.tags }),
    );
    if (!saved) return;
    setTitle('');
    setLink('');
    setType('notes');
    setTags('');
  };

  const newestFirst = [...resources].reverse();
  const invalid = (field: 'title' | 'link') =>
    error?.field === field ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  return (
    <div className={pageClasses('wide')}>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Resources</h1>
        <p className="mt-1 text-slate-600">
          Upload and manage study materials shared across rooms.
        </p>
      </header>

      <Card className="mt-6 p-4 sm:p-6">
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="New resource"
          className="grid gap-4 md:grid-cols-2"
        >
          <Field
            ref={titleRef}
            label="Title"
            name="title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="e.g. React hooks cheat sheet"
            maxLength={200}
            autoComplete="off"
            {...invalid('title')}
          />
          <Field
            ref={linkRef}
            label="Link"
            name="link"
            inputMode="url"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            placeholder="example.com/article"
            maxLength={2000}
            autoComplete="off"
            {...invalid('link')}
          />
          <div className="space-y-1.5">
            <label htmlFor={typeId} className="block text-sm font-medium text-slate-700">
              Type
            </label>
            <select
              id={typeId}
              name="type"
              value={type}
              onChange={(e) => setType(e.target.value as ResourceType)}
              className={inputClasses}
            >
              {RESOURCE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {resourceTypeLabel(t)}
                </option>
              ))}
            </select>
          </div>
          <Field
            label="Tags"
            name="tags"
            value={tags}
            onChange={(e) => setTags(e.target.value)}
            placeholder="react, hooks"
            hint="Separate tags with commas."
            maxLength={300}
            autoComplete="off"
          />
          <div className="md:col-span-2">
            {error && (
              <div id={errorId} className="mb-4">
                <Alert tone="error">{error.message}</Alert>
              </div>
            )}
            <Button type="submit" className="w-full sm:w-auto">
              <Upload aria-hidden="true" className="h-4 w-4" />
              Upload
            </Button>
          </div>
        </form>
      </Card>

      <section aria-labelledby="resource-list-heading" className="mt-8">
        <h2 id="resource-list-heading" className="sr-only">
          Your resources
        </h2>
        {newestFirst.length === 0 ? (
          <EmptyState
            look="page"
            icon={<FolderOpen aria-hidden="true" className="h-10 w-10 text-slate-300" />}
          >
            No resources yet. Upload your first link.
          </EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {newestFirst.map((resource) => (
              <ResourceCard
                key={resource.id}
                resource={resource}
                onRemove={() => store(() => removeWithUndo(resource.id))}
                canShare={Boolean(user)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
