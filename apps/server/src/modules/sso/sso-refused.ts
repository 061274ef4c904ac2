import { SsoMessages, type SsoRefusal } from '@store/core';

/**
 * A refused single sign-on: the web shows the message of its code; nothing was changed. The
 * organization, once the answer is tied to one of its attempts, is where the refusal is audited.
 */
export class SsoRefused extends Error {
  constructor(
    readonly refusal: SsoRefusal,
    readonly organizationId: number | null = null,
  ) {
    super(SsoMessages.refusals[refusal]);
  }
}
