import nodemailer from 'nodemailer';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Hands monitor e-mails to the operator's SMTP server (TRAWL_SMTP_URL). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * The server is the operator's own relay, named in the configuration, so
 * mail goes to it directly rather than through the page egress guard (which
 * exists to keep callers' URLs off private networks).
 */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close() {
      transport.close();
    },
  };
}
