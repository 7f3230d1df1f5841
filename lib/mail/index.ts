// Outgoing mail. With SMTP_URL set, messages go through nodemailer to that
// server (smtp://user:pass@host:port, smtps://... for implicit TLS). Without it:
// - on the embedded database (PGlite: a fresh machine, the demo, development)
//   the message is written to the server log as a JSON line instead, so
//   sign-in codes stay usable with no mail server at all;
// - on PostgreSQL (production) the message is never logged (it may hold a
//   sign-in code): an error naming recipient and subject is logged and the
//   send fails, so the caller can say so. Start-up warns about the missing
//   SMTP_URL (lib/env configWarnings).
import nodemailer, { type Transporter } from "nodemailer";
import { envFrom, onPostgres, type EnvSource } from "../env";
import { log } from "../log";

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent along (scheduled reports); the log fallback names them, never logs their content. */
  attachments?: MailAttachment[];
}

export type Mailer = (message: MailMessage) => Promise<void>;

export const DEFAULT_MAIL_FROM = "DSP Console <no-reply@dsp.local>";

export interface MailConfig {
  smtpUrl: string | null;
  from: string;
  /** Without SMTP, may a message (sign-in codes included) be written to the log? Only off PostgreSQL. */
  logUnsent: boolean;
}

/** From lib/env; from `source` instead when given (tests). */
export function mailConfig(source?: EnvSource): MailConfig {
  const config = envFrom(source);
  return { smtpUrl: config.SMTP_URL ?? null, from: config.MAIL_FROM, logUnsent: !onPostgres(config) };
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
    await transportFor(url).sendMail({ from, to: message.to, subject: message.subject, text: message.text, attachments: message.attachments });
  };
}

/** The fallback without SMTP on the embedded database: a warning, because nobody receives the message. */
export const logMailer: Mailer = async (message) => {
  log.warn("SMTP_URL is not set: mail written to the log instead of sent", {
    mail: { to: message.to, subject: message.subject, text: message.text, attachments: message.attachments?.map((a) => a.filename) },
  });
};

export class MailNotSentError extends Error {}

/** The fallback without SMTP on PostgreSQL: nothing of the body is logged, and the send fails. */
export const unsentMailer: Mailer = async (message) => {
  log.error("SMTP_URL is not set: mail could not be sent", { mail: { to: message.to, subject: message.subject } });
  throw new MailNotSentError("mail could not be sent: SMTP_URL is not set");
};

/** The mailer the configuration asks for, read at call time. */
export function configuredMailer(config: MailConfig = mailConfig()): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.from);
  return config.logUnsent ? logMailer : unsentMailer;
}
