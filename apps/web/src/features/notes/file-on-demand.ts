import { errorMessage } from '../../lib/http';
import { StorageWriteError } from '../../lib/storage';
import { downloadFileNote } from '../../lib/sync/transport';
import { cacheFileData, type FileNote } from './notes-store';

export const FILE_DOWNLOAD_FAILED =
  'Could not download the file. Check your connection and try again.';

/**
 * A file with its bytes (docs/product.md §15.4): an account's file pulled to this device arrives
 * without them, so the first preview or download fetches them from the server and keeps them here
 * (not reported back: they came from there). Throws an Error with a sentence a person can read.
 */
export async function withFileData(file: FileNote): Promise<FileNote> {
  if (file.fileData) return file;
  let fileData: string;
  try {
    fileData = await downloadFileNote(file.id);
  } catch (err) {
    throw new Error(errorMessage(err, FILE_DOWNLOAD_FAILED), { cause: err });
  }
  try {
    return cacheFileData(file.id, fileData) ?? { ...file, fileData };
  } catch (err) {
    // Storage full: the file still opens now, it is fetched again next time.
    if (err instanceof StorageWriteError) return { ...file, fileData };
    throw err;
  }
}

/** Saves a data URL under a file name, as the Download link does. */
export function saveAs(fileData: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = fileData;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
