import type { OutgoingMail as MailMessage } from '../../src/mail/mailer';

/** Waits for a mail the app sends after answering (password reset runs off the response path). */
export async function waitForMail(
  /** A function, so mail sent while waiting is seen (an array would be a snapshot). */
  mails: () => MailMessage[],
  to: string,
  match: (m: MailMessage) => boolean = () => true,
  timeoutMs = 5000,
): Promise<MailMessage> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const sent = mails();
    const mail = sent.find((m) => m.to.toLowerCase() === to.toLowerCase() && match(m));
    if (mail) return mail;
    if (Date.now() > until)
      throw new Error(`no mail to ${to}; sent: ${sent.map((m) => `${m.to} "${m.subject}"`).join(', ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The token at the end of a VerifyEmail/ or ResetPassword/ link in a mail. */
export function tokenFrom(mail: { text: string }, screen: 'VerifyEmail' | 'ResetPassword'): string {
  const m = new RegExp(`/${screen}/([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${screen} link in:\n${mail.text}`);
  return decodeURIComponent(m[1]!);
}

/** Where the organizations the tests register are: 1 Main Street, Springfield. */
export const REGISTERED_ADDRESS = {
  addr1: '1 Main Street',
  addr2: '',
  city: 'Springfield',
  state: 'IL',
  country: 'US',
  zip: '62701',
} as const;

/** The body of a user an admin adds (POST /api/person/create); `extra` adds or overrides fields. */
export const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Nina',
  lastName: 'New',
  email,
  password: 'initial-password',
  ...extra,
});

export const registration = (email: string, orgName = `Org ${Math.random().toString(36).slice(2, 8)}`) => ({
  organization: { orgName, ...REGISTERED_ADDRESS },
  admin: { firstName: 'Ada', lastName: 'Admin', email, password: 'first-password' },
});
