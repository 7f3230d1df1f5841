// A local SMTP peer for tests (npm smtp-server): listens on 127.0.0.1:<port>
// without authentication or TLS and keeps every message it receives, so a
// test can read what the application mailed (e.g. a sign-in code).
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes undone (enough to read a plain text mail). */
  text: string;
  receivedAt: number;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** The first message to `to` received after `since` (epoch ms), waiting up to `timeoutMs`. */
  waitFor(to: string, opts?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const body = split === -1 ? raw : raw.slice(split).trimStart();
  return body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Starts the sink; port 0 picks a free port. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          text: decodeBody(raw),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  const net = await new Promise<import("node:net").Server>((resolve, reject) => {
    const s = server.listen(port, "127.0.0.1", () => resolve(s));
    server.on("error", reject);
  });
  const address = net.address();
  const bound = typeof address === "object" && address ? address.port : port;

  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    async waitFor(to, { since = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      const wanted = to.toLowerCase();
      for (;;) {
        const found = messages.find((m) => m.receivedAt >= since && m.to.includes(wanted));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sign-in code in a mail sent by lib/sign-in/login.ts ("Your verification code is 1234"). */
export function codeFromMail(mail: ReceivedMail): string {
  const match = /verification code is (\d+)/.exec(mail.text);
  if (!match) throw new Error(`no verification code in mail:\n${mail.text}`);
  return match[1];
}
