import { Alert } from '@mantine/core';
import { Messages } from '@store/core';

// MSIE up to 10, Trident for 11.
const isInternetExplorer = (userAgent: string) => /MSIE |Trident\//.test(userAgent);

export function InternetExplorerWarning() {
  if (typeof navigator === 'undefined' || !isInternetExplorer(navigator.userAgent)) return null;
  return (
    <Alert variant="light" color="yellow" role="note">
      {Messages.internetExplorer}
    </Alert>
  );
}
