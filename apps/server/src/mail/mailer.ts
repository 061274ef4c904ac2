/**
 * An attachment the outbox sender renders when it sends (a bill's invoice PDF), so the transaction
 * that writes the mail stays short and holds no PDF.
 */
export interface AttachmentRef {
  kind: 'invoice';
  organizationId: number;
  orderId: number;
}

/** A mail as the code that causes it writes it to the outbox (mail/outbox.ts). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: AttachmentRef[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A mail as the outbox sender hands it to the transport: its Message-ID fixed by its outbox row. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  messageId: string;
  attachments: MailAttachment[];
}

/** The transport: SMTP when SMTP_URL is set, otherwise the server log. Only the outbox sender uses it. */
export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
  close?(): void;
}

/** Demo mode: each message, links included, goes to the log. */
export function createLogMailer(log: { info: (obj: object, msg: string) => void }): Mailer {
  return {
    async send(message) {
      log.info(
        {
          mail: {
            to: message.to,
            subject: message.subject,
            messageId: message.messageId,
            attachments: message.attachments.map((a) => a.filename),
          },
        },
        `mail to ${message.to}\n${message.text}`,
      );
    },
  };
}

/**
 * Tests read what was "sent". With `forward` (a real SMTP mailer when a test sets SMTP_URL) every
 * message is also delivered, so a test can read it from the SMTP server that received it.
 */
export function createMemoryMailer(forward?: Mailer): Mailer & { sent: OutgoingMail[]; close(): void } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(message) {
      if (forward) await forward.send(message);
      sent.push(message);
    },
    close: () => forward?.close?.(),
  };
}
