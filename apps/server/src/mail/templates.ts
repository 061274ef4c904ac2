import { endSentence } from '@store/core';
import type { MailMessage } from './mailer';

// The account mails (decision 005). Links are built from PUBLIC_URL (config.publicUrl) and point at
// the SPA's screens (spec §2: VerifyEmail/{id}, ResetPassword/{id}); the tokens in them are the
// only copy of the secret, the database keeps their hashes.

export const VERIFY_LINK_DAYS = 7;
export const RESET_LINK_HOURS = 1;

export const verifyLink = (publicUrl: string, token: string) =>
  `${publicUrl}/VerifyEmail/${encodeURIComponent(token)}`;
export const resetLink = (publicUrl: string, token: string) =>
  `${publicUrl}/ResetPassword/${encodeURIComponent(token)}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text is the message; the HTML part says the same with a clickable link. */
export function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): MailMessage {
  const text = [...paragraphs.slice(0, 1), ...(link ? [link.url] : []), ...paragraphs.slice(1)].join('\n\n');
  const html = [
    `<p>${escapeHtml(paragraphs[0] ?? '')}</p>`,
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '',
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { to, subject, text: `${text}\n`, html };
}

/** A mail to a person of an organization carrying a link (its token) to open. */
interface PersonLinkMail {
  publicUrl: string;
  to: string;
  firstName: string;
  companyName: string;
  token: string;
}

export function verifyEmailMail(a: PersonLinkMail): MailMessage {
  return compose(
    a.to,
    'Verify your e-mail address',
    [
      `${endSentence(`Hello ${a.firstName}, thank you for registering ${a.companyName}`)} Open this link to verify your e-mail address:`,
      `The link works once and expires in ${VERIFY_LINK_DAYS} days. Once verified, you can log in.`,
      'If you did not register, ignore this e-mail.',
    ],
    { url: verifyLink(a.publicUrl, a.token), label: 'Verify my e-mail address' },
  );
}

export function addedToOrganizationMail(a: PersonLinkMail & { addedBy: string }): MailMessage {
  return compose(
    a.to,
    `You were added to ${a.companyName}`,
    [
      `${endSentence(`Hello ${a.firstName}, ${a.addedBy} added you as a user of ${a.companyName}`)} Open this link to verify your e-mail address:`,
      `The link works once and expires in ${VERIFY_LINK_DAYS} days. Then log in with this e-mail address and the password ${a.addedBy} set for you; you can change it under My Account.`,
      'If you did not expect this, ignore this e-mail.',
    ],
    { url: verifyLink(a.publicUrl, a.token), label: 'Verify my e-mail address' },
  );
}

export function resetPasswordMail(a: { publicUrl: string; to: string; token: string }): MailMessage {
  return compose(
    a.to,
    'Reset your password',
    [
      'Someone asked to reset the password for this e-mail address. Open this link to choose a new password:',
      `The link works once and expires in ${RESET_LINK_HOURS} hour. If your e-mail address belongs to several organizations, you choose which one on that page.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    { url: resetLink(a.publicUrl, a.token), label: 'Choose a new password' },
  );
}

/** Sent to the new address: the change counts only once this link is opened (docs/design.md §4). */
export function confirmNewEmailMail(a: PersonLinkMail): MailMessage {
  return compose(
    a.to,
    'Confirm your new e-mail address',
    [
      `Hello ${a.firstName}, your ${a.companyName} account is changing its e-mail address to this one. Open this link to confirm it:`,
      `The link works once and expires in ${VERIFY_LINK_DAYS} days. Until then you keep logging in with your old address.`,
      'If you did not ask for this, ignore this e-mail.',
    ],
    { url: verifyLink(a.publicUrl, a.token), label: 'Confirm my new e-mail address' },
  );
}

/** Sent to the old address, so a hijacked account does not change hands silently. */
export function emailChangedMail(a: {
  to: string;
  firstName: string;
  companyName: string;
  newEmail: string;
}): MailMessage {
  return compose(a.to, 'Your e-mail address is being changed', [
    `Hello ${a.firstName}, a change of your ${a.companyName} account's e-mail address to ${a.newEmail} was requested. It takes effect when the new address is confirmed.`,
    'If you did not ask for this, contact your organization administrator and change your password.',
  ]);
}
