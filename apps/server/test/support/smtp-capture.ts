import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

// Test support only (API tests and e2e/support/smtp.ts): a real SMTP server in this process that
// keeps what it receives, so tests read links from delivered mail rather than from the mailer.

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitPart(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The first text/plain part, looking into nested multiparts (mail with attachments). */
function plainText(headers: Record<string, string>, body: string): string | null {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return type.startsWith('text/plain') ? decodeBody(headers, body) : null;
  for (const chunk of body.split(`--${boundary}`)) {
    const part = splitPart(chunk.replace(/^\r?\n/, ''));
    // The preamble and the closing "--" are no parts: they have no Content-Type.
    if (!part.headers['content-type']) continue;
    const text = plainText(part.headers, part.body);
    if (text !== null) return text;
  }
  return null;
}

/** The text/plain part of a MIME message (enough for what nodemailer sends). */
export function textOf(raw: string): { subject: string; text: string } {
  const { headers, body } = splitPart(raw);
  const subject = decodeHeader(headers.subject ?? '');
  return { subject, text: plainText(headers, body) ?? body };
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_m, _charset, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

export interface SmtpCapture {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves with the first mail (received now or later) to `to` that matches. */
  waitFor(to: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /** A slow server: each mail is accepted (250 after DATA) only once this resolves. */
  beforeAccept?: (mail: ReceivedMail) => Promise<void>;
}

/**
 * An SMTP server on a free port of 127.0.0.1 that takes mail without sign-in or TLS and hands each
 * message to `onData`: what the capture below and the year simulation's mail sink stand on.
 */
export async function listenSmtp(
  onData: NonNullable<SMTPServerOptions['onData']>,
  options: Pick<SMTPServerOptions, 'size'> = {},
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...options,
    onData,
  });
  // A sender killed with its connection open (a pooled one, or mid-message) resets it: a real
  // server shrugs that off too.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const smtp = await listenSmtp((stream, session, callback) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const { subject, text } = textOf(raw);
      const mail = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject,
        text,
        raw,
      };
      await options.beforeAccept?.(mail);
      received.push(mail);
      for (const w of waiters) w();
      callback();
    });
  });

  return {
    url: smtp.url,
    port: smtp.port,
    received,
    waitFor(to, match = () => true, timeoutMs = 10_000) {
      const want = to.toLowerCase();
      const find = () => received.find((m) => m.to.includes(want) && match(m));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const check = () => {
          const m = find();
          if (!m) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no mail to ${to} within ${timeoutMs} ms (received: ${received.map((m) => `${m.to} "${m.subject}"`).join(', ') || 'none'})`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: smtp.close,
  };
}

/** The first link in a mail that points at the given SPA screen, e.g. 'VerifyEmail'. */
export function linkFrom(mail: { text: string }, screen: 'VerifyEmail' | 'ResetPassword'): string {
  const m = new RegExp(`https?://\\S+/${screen}/[A-Za-z0-9_%-]+`).exec(mail.text);
  if (!m) throw new Error(`no ${screen} link in mail:\n${mail.text}`);
  return m[0];
}
