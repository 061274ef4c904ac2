import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/**
 * Real delivery over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587). Connections are pooled: the
 * first of the month sends thousands of receipts, and a TLS handshake per mail would pace them.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 4 });
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    },
    close: () => transport.close(),
  };
}
