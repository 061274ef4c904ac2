import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

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
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, session, callback) {
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
  });
  // A store process killed with SIGKILL mid-message resets its connection: that is the test, not a fault.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
