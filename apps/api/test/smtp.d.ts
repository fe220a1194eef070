export interface ReceivedMail {
    to: string[];
    subject: string;
    text: string;
    html: string;
    raw: string;
}
/** Just enough MIME to read what nodemailer sends: headers, and the text/plain and text/html parts. */
export declare function parseMail(raw: string, to: string[]): ReceivedMail;
export interface TestSmtpServer {
    url: string;
    port: number;
    mails: ReceivedMail[];
    /** resolves with the first mail (already received or arriving) to `address` matching `subject` */
    waitForMail(address: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
    close(): Promise<void>;
}
/** A real SMTP peer (the `smtp-server` package) that keeps every mail it receives. */
export declare function startSmtpServer(port?: number): Promise<TestSmtpServer>;
/** The first link in a mail's text that starts with `prefix`. */
export declare function linkFrom(mail: ReceivedMail, prefix: string): URL;
