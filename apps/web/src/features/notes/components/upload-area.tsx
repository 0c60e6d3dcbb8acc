import { useId, useState, type DragEvent } from 'react';
import { Info, UploadCloud } from 'lucide-react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { StorageWriteError } from '../../../lib/storage';
import { readAsDataUrl } from '../file-data';
import { FILE_READ_FAILED, UPLOAD_REQUIREMENTS, checkUploadFile } from '../note-rules';
import { addFileNote } from '../notes-store';

type Status = { tone: 'error' | 'success'; message: string } | null;

/**
 * Upload File (docs/product.md §10.2): choose a file or drop one here. PNG, JPG and PDF up to
 * 256 KB are stored in the browser; anything else gets the refusal sentence.
 */
export function UploadArea() {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [requirementsOpen, setRequirementsOpen] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkUploadFile(file);
    if (problem) {
      setStatus({ tone: 'error', message: problem });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      let fileData: string;
      try {
        fileData = await readAsDataUrl(file);
      } catch {
        setStatus({ tone: 'error', message: FILE_READ_FAILED });
        return;
      }
      addFileNote({ fileData, fileName: file.name, fileType: file.type.toLowerCase() });
      setStatus({ tone: 'success', message: `${file.name} uploaded.` });
    } catch (err) {
      if (!(err instanceof StorageWriteError)) throw err;
      setStatus({ tone: 'error', message: err.message });
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files[0]);
  };

  return (
    <section
      aria-labelledby="upload-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="upload-heading" className="text-lg font-semibold text-slate-900">
          Upload File
        </h2>
        <Button variant="ghost" size="sm" onClick={() => setRequirementsOpen(true)}>
          <Info aria-hidden="true" className="h-4 w-4" />
          Upload requirements
        </Button>
      </div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-dropzone"
        className={cn(
          'mt-4 flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <UploadCloud aria-hidden="true" className="h-10 w-10 text-brand-600" />
        <p className="text-sm text-slate-700">Drag and drop a file here, or</p>
        <input
          id={inputId}
          type="file"
          accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
          className="peer sr-only"
          disabled={busy}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            // The same file chosen again must fire change again.
            e.target.value = '';
          }}
        />
        <label
          htmlFor={inputId}
          className="inline-flex h-10 cursor-pointer items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:opacity-60"
        >
          {busy ? 'Uploading...' : 'Choose file'}
        </label>
        <p className="text-xs text-slate-600">PNG, JPG or PDF, up to 256 KB.</p>
      </div>
      {status && (
        <Alert tone={status.tone} className="mt-4">
          {status.message}
        </Alert>
      )}
      <Dialog open={requirementsOpen} onOpenChange={setRequirementsOpen}>
        <DialogContent title="Upload requirements">
          <p className="text-sm text-slate-700">{UPLOAD_REQUIREMENTS}</p>
          <div className="mt-6 flex justify-end">
            <Button onClick={() => setRequirementsOpen(false)}>Got it</Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
