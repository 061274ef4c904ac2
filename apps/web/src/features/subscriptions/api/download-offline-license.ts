import { licenseId } from '@store/core';
import { useFileDownload } from '../../../lib/download';
import { getBlob } from '../../../lib/http';

/** The signed license file of a subscription made offline. */
function fetchOfflineLicense(subscriptionId: number): Promise<Blob> {
  return getBlob(`/api/subscription/${subscriptionId}/offline-license`, { accept: 'text/plain' });
}

const licenseFileName = (subscriptionId: number) => `license_${licenseId(subscriptionId)}.lic`;

/** Hands the signed license file to the browser as a download. */
export function useDownloadOfflineLicense() {
  return useFileDownload(fetchOfflineLicense, licenseFileName);
}
