import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

/** Just enough MIME to read what nodemailer sends: headers, and the text/plain and text/html parts. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  let text = '';
  let html = '';
  if (boundary) {
    for (const part of raw.split(`--${boundary}`)) {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) continue;
      const partHeaders = part.slice(0, split);
      const partBody = part.slice(split).replace(/^\r?\n\r?\n/, '');
      if (/content-type:\s*text\/plain/i.test(partHeaders)) text = decodePart(partHeaders, partBody);
      if (/content-type:\s*text\/html/i.test(partHeaders)) html = decodePart(partHeaders, partBody);
    }
  } else {
    text = decodePart(unfolded, rest.join('\n\n'));
  }
  return { to, subject, text: text.trim(), html: html.trim(), raw };
}

export interface TestSmtpServer {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** resolves with the first mail (already received or arriving) to `address` matching `subject` */
  waitForMail(address: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** recipients the server refuses with `550 mailbox unavailable` (a per-mail rejection, not an outage) */
  rejectRecipients?: RegExp;
}

/** A real SMTP peer (the `smtp-server` package) that keeps every mail it receives. */
export async function startSmtpServer(port = 0, options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.test(address.address)) {
        const refused = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(refused);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    async waitForMail(address, subject, timeoutMs = 15_000) {
      const find = () =>
        mails.find(
          (mail) => mail.to.includes(address.toLowerCase()) && (!subject || subject.test(mail.subject)),
        );
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find();
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no mail to ${address}${subject ? ` matching ${String(subject)}` : ''} within ${timeoutMs} ms`,
          );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkFrom(mail: ReceivedMail, prefix: string): URL {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(prefix));
  if (!match) throw new Error(`no ${prefix} link in mail "${mail.subject}"`);
  return new URL(match);
}
