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
  /** whether the SMTP server answers now (connect, greeting, authentication), never cached */
  probe(): Promise<boolean>;
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
  async function probe(): Promise<boolean> {
    if (!transport) return false;
    try {
      return await transport.verify();
    } catch {
      return false;
    }
  }
  return {
    async isWorking() {
      if (cached && Date.now() - cached.at < VERIFY_CACHE_MS) return cached.working;
      const working = await probe();
      cached = { working, at: Date.now() };
      return working;
    },
    probe,
    async send(mail) {
      if (!transport) throw new Error('SMTP_URL is not configured');
      await transport.sendMail({ from: options.from, ...mail });
    },
    close() {
      transport?.close();
    },
  };
}
