import { listenSmtp } from '../../../apps/server/test/support/smtp-capture';

// The simulation's mail server: the store sends every mail over SMTP, as in production; this keeps
// each message's Message-ID and recipients (bodies and attachments are read and dropped).

export interface SinkMessage {
  messageId: string;
  to: string;
}

export interface MailSink {
  url: string;
  received: SinkMessage[];
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const received: SinkMessage[] = [];
  const smtp = await listenSmtp(
    (stream, session, callback) => {
      let head = '';
      let headDone = false;
      stream.on('data', (chunk: Buffer) => {
        if (headDone) return;
        head += chunk.toString('latin1');
        const end = head.search(/\r?\n\r?\n/);
        if (end >= 0) {
          head = head.slice(0, end);
          headDone = true;
        }
      });
      stream.on('end', () => {
        const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
        const messageId = /^message-id:\s*(.+)$/im.exec(unfolded)?.[1]?.trim() ?? '';
        for (const rcpt of session.envelope.rcptTo)
          received.push({ messageId, to: rcpt.address.toLowerCase() });
        callback();
      });
    },
    // Bodies with attachments pass; a store process killed mid-message is the test, not a fault.
    { size: 50 * 1024 * 1024 },
  );
  return { url: smtp.url, received, close: smtp.close };
}
