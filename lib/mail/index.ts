// Outgoing mail. With SMTP_URL set, messages go through nodemailer to that
// server (smtp://user:pass@host:port, smtps://... for implicit TLS). Without it
// (development, a fresh machine) the message is written to the server log as a
// JSON line instead, so sign-in codes stay usable with no mail server at all.
import nodemailer, { type Transporter } from "nodemailer";
import { log } from "../log";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export type Mailer = (message: MailMessage) => Promise<void>;

export const DEFAULT_MAIL_FROM = "DSP Console <no-reply@dsp.local>";

export interface MailConfig {
  smtpUrl: string | null;
  from: string;
}

export function mailConfig(source: Record<string, string | undefined> = process.env): MailConfig {
  return { smtpUrl: source.SMTP_URL || null, from: source.MAIL_FROM || DEFAULT_MAIL_FROM };
}

// One transport per URL for the life of the process (nodemailer opens a
// connection per message; the transport object itself is reusable).
const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

export function smtpMailer(url: string, from: string): Mailer {
  return async (message) => {
    await transportFor(url).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
  };
}

/** The fallback without SMTP: a warning, because nobody receives the message. */
export const logMailer: Mailer = async (message) => {
  log.warn("SMTP_URL is not set: mail written to the log instead of sent", {
    mail: { to: message.to, subject: message.subject, text: message.text },
  });
};

/** The mailer the configuration asks for, read at call time. */
export function configuredMailer(config: MailConfig = mailConfig()): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.from) : logMailer;
}
