// Mail goes through SMTP when SMTP_URL is set. Without it: into the server log
// on the embedded database (demo, development), never on PostgreSQL, where the
// message may carry a sign-in code into a shipped, indexed log.
import { configuredMailer, DEFAULT_MAIL_FROM, logMailer, mailConfig, MailNotSentError, unsentMailer } from "./index";
import { startSmtpSink } from "@/tests/helpers/smtp";

const SECRET = "s".repeat(32);
const CODE_MAIL = { to: "a@b.test", subject: "Your verification code", text: "Your verification code is 0042" };

/** Runs fn with stdout and stderr captured; returns the lines written. */
async function captured(fn: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const capture = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  const err = jest.spyOn(process.stderr, "write").mockImplementation(capture);
  const out = jest.spyOn(process.stdout, "write").mockImplementation(capture);
  try {
    await fn();
  } finally {
    err.mockRestore();
    out.mockRestore();
  }
  return lines;
}

test("configuration: SMTP_URL optional, MAIL_FROM with a default; unsent mail may be logged only off PostgreSQL", () => {
  expect(mailConfig({})).toEqual({ smtpUrl: null, from: "DSP Console <no-reply@dsp.local>", logUnsent: true });
  expect(mailConfig({ DATABASE_URL: "pglite:memory" }).logUnsent).toBe(true);
  expect(mailConfig({ SMTP_URL: "smtp://mail:25", MAIL_FROM: "Ops <ops@x.test>" })).toEqual({
    smtpUrl: "smtp://mail:25",
    from: "Ops <ops@x.test>",
    logUnsent: true,
  });
  expect(mailConfig({ DATABASE_URL: "postgres://u@db:5432/dsp", AUTH_SECRET: SECRET }).logUnsent).toBe(false);
  expect(mailConfig({ DATABASE_URL: "postgresql://u@db/dsp", AUTH_SECRET: SECRET }).logUnsent).toBe(false);
  expect(DEFAULT_MAIL_FROM).toBe("DSP Console <no-reply@dsp.local>");
});

test("the mailer: SMTP when configured, else the log on PGlite, else nothing on PostgreSQL", () => {
  expect(configuredMailer({ smtpUrl: null, from: DEFAULT_MAIL_FROM, logUnsent: true })).toBe(logMailer);
  expect(configuredMailer({ smtpUrl: null, from: DEFAULT_MAIL_FROM, logUnsent: false })).toBe(unsentMailer);
  expect(configuredMailer(mailConfig({ DATABASE_URL: "postgres://u@db/dsp", AUTH_SECRET: SECRET }))).toBe(unsentMailer);
  expect(configuredMailer(mailConfig({ DATABASE_URL: "pglite:./.data/pglite" }))).toBe(logMailer);
  const smtp = configuredMailer({ smtpUrl: "smtp://mail:25", from: DEFAULT_MAIL_FROM, logUnsent: false });
  expect(smtp).not.toBe(logMailer);
  expect(smtp).not.toBe(unsentMailer);
});

test("without SMTP_URL on PGlite the message is written to the log as one JSON line", async () => {
  const lines = await captured(() => logMailer(CODE_MAIL));
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0])).toMatchObject({ level: "warn", mail: { to: "a@b.test", text: "Your verification code is 0042" } });
});

test("without SMTP_URL on PostgreSQL the send fails and the log says so without the body or the code", async () => {
  const mailer = configuredMailer(mailConfig({ DATABASE_URL: "postgres://u@db/dsp", AUTH_SECRET: SECRET }));
  let error: unknown;
  const lines = await captured(() => mailer(CODE_MAIL).catch((e) => (error = e)));
  expect(error).toBeInstanceOf(MailNotSentError);
  expect(String(error)).not.toContain("0042");
  expect(lines).toHaveLength(1);
  const record = JSON.parse(lines[0]);
  expect(record).toMatchObject({ level: "error", msg: expect.stringContaining("could not be sent"), mail: { to: "a@b.test", subject: "Your verification code" } });
  expect(record.mail).not.toHaveProperty("text");
  expect(lines[0]).not.toContain("0042");
});

test("with SMTP_URL the message is delivered to that server, from MAIL_FROM", async () => {
  const sink = await startSmtpSink();
  try {
    await configuredMailer({ smtpUrl: sink.url, from: "Ops <ops@x.test>", logUnsent: false })({ to: "a@b.test", subject: "Hello", text: "Line one" });
    const mail = await sink.waitFor("a@b.test");
    expect(mail.from).toBe("ops@x.test");
    expect(mail.text).toContain("Line one");
  } finally {
    await sink.close();
  }
});
