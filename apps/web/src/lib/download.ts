import { useMutation } from '@tanstack/react-query';

/** Saves a fetched file under its name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A file the person asks for (an invoice, a credit note, a license file): fetched, then saved under
 * its name. `isSaving(key)` is what a key's button shows, busy, until the file is saved, so pressing it
 * again meanwhile fetches nothing more.
 */
export function useFileDownload<K>(fetchFile: (key: K) => Promise<Blob>, fileName: (key: K) => string) {
  const save = useMutation({
    mutationFn: async (key: K) => saveBlob(await fetchFile(key), fileName(key)),
  });
  return {
    download: (key: K) => save.mutate(key),
    isSaving: (key: K) => save.isPending && save.variables === key,
  };
}
