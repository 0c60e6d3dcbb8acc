import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { inputClasses } from '../../../ui/field';
import { addTag } from '../lib/room-rules';

/**
 * Tags as chips: Enter or a comma adds the typed tag (trimmed, duplicates ignored), Backspace in
 * an empty input removes the last one, and each chip has its own remove button.
 */
export function TagInput({
  tags,
  onChange,
  label = 'Tags',
  max,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  label?: string;
  max?: number;
}) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const full = max !== undefined && tags.length >= max;

  const commit = () => {
    if (!draft.trim()) return;
    onChange(addTag(tags, draft).slice(0, max));
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {tags.length > 0 && (
        <ul aria-label="Added tags" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-800"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(tags.filter((t) => t !== tag))}
                className="rounded-full p-0.5 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X aria-hidden="true" className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        value={draft}
        disabled={full}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={commit}
        placeholder={full ? 'Tag limit reached' : 'Type a tag and press Enter'}
        aria-describedby={`${id}-hint`}
        className={inputClasses}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        Press Enter or comma to add a tag{max ? ` (up to ${max})` : ''}.
      </p>
    </div>
  );
}
