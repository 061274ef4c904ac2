import { WebhookMessages } from '@store/core';
import { ShownOnceSecret } from '../../../components/shown-once-secret';

/** An endpoint's new signing secret, as a creation or a roll answered it. */
export type ShownSecret = { url: string; secret: string };

/** A signing secret just made, shown this once (the store keeps it sealed and never sends it again). */
export function NewWebhookSecret({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  return (
    <ShownOnceSecret
      title={WebhookMessages.newSecretTitle(shown.url)}
      note={WebhookMessages.secretShownOnce}
      value={shown.secret}
      copyLabel={WebhookMessages.copySecret}
      doneLabel={WebhookMessages.done}
      onDone={onDone}
      testId="new-webhook-secret"
      valueTestId="webhook-secret"
    />
  );
}
