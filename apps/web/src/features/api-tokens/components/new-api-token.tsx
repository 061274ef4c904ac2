import { ApiTokenMessages, type CreatedApiToken } from '@store/core';
import { ShownOnceSecret } from '../../../components/shown-once-secret';

/** The token just made, shown this once (the store keeps only its hash): copy it now. */
export function NewApiToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  return (
    <ShownOnceSecret
      title={created.apiToken.name}
      note={ApiTokenMessages.shownOnce}
      value={created.token}
      copyLabel={ApiTokenMessages.copy}
      doneLabel={ApiTokenMessages.done}
      onDone={onDone}
      testId="new-api-token"
      valueTestId="api-token"
    />
  );
}
