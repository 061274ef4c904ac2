import { licenseId } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { getBlob } from '../../../lib/http';

/** Fetches the signed license file and hands it to the browser as a download. */
export async function downloadOfflineLicense(subscriptionId: number): Promise<void> {
  const blob = await getBlob(`/api/subscription/${subscriptionId}/offline-license`, { accept: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `license_${licenseId(subscriptionId)}.lic`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadOfflineLicense() {
  return useMutation({ mutationFn: downloadOfflineLicense });
}
