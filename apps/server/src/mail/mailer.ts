export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** One mailer: SMTP when SMTP_URL is set, otherwise the server log. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Demo mode: each message, links included, goes to the log. */
export function createLogMailer(log: { info: (obj: object, msg: string) => void }): Mailer {
  return {
    async send(message) {
      log.info(
        { mail: { to: message.to, subject: message.subject } },
        `mail to ${message.to}\n${message.text}`,
      );
    },
  };
}

/**
 * Tests read what was "sent". With `forward` (a real SMTP mailer when a test sets SMTP_URL) every
 * message is also delivered, so a test can read it from the SMTP server that received it.
 */
export function createMemoryMailer(forward?: Mailer): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      if (forward) await forward.send(message);
    },
  };
}
