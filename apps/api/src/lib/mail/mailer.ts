import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** true when SMTP is configured and answers; cached briefly */
  isWorking(): Promise<boolean>;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const VERIFY_CACHE_MS = 30_000;

/** nodemailer over SMTP_URL. Without SMTP_URL nothing can be sent, and `isWorking()` says so. */
export function createMailer(options: { smtpUrl: string | undefined; from: string }): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : undefined;
  let cached: { working: boolean; at: number } | undefined;
  return {
    async isWorking() {
      if (!transport) return false;
      if (cached && Date.now() - cached.at < VERIFY_CACHE_MS) return cached.working;
      let working = false;
      try {
        working = await transport.verify();
      } catch {
        working = false;
      }
      cached = { working, at: Date.now() };
      return working;
    },
    async send(mail) {
      if (!transport) throw new Error('SMTP_URL is not configured');
      await transport.sendMail({ from: options.from, ...mail });
    },
    close() {
      transport?.close();
    },
  };
}
