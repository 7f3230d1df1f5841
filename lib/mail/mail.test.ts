// Mail goes through SMTP when SMTP_URL is set, else into the server log.
import { configuredMailer, DEFAULT_MAIL_FROM, logMailer, mailConfig } from "./index";
import { startSmtpSink } from "@/tests/helpers/smtp";

test("configuration: SMTP_URL optional, MAIL_FROM with a default", () => {
  expect(mailConfig({})).toEqual({ smtpUrl: null, from: "DSP Console <no-reply@dsp.local>" });
  expect(mailConfig({ SMTP_URL: "smtp://mail:25", MAIL_FROM: "Ops <ops@x.test>" })).toEqual({ smtpUrl: "smtp://mail:25", from: "Ops <ops@x.test>" });
  expect(DEFAULT_MAIL_FROM).toBe("DSP Console <no-reply@dsp.local>");
});

test("without SMTP_URL the message is written to the log as one JSON line", async () => {
  expect(configuredMailer({ smtpUrl: null, from: DEFAULT_MAIL_FROM })).toBe(logMailer);
  const lines: string[] = [];
  const write = jest.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await logMailer({ to: "a@b.test", subject: "Hello", text: "Your verification code is 0042" });
  } finally {
    write.mockRestore();
  }
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0])).toMatchObject({ level: "warn", mail: { to: "a@b.test", text: "Your verification code is 0042" } });
});

test("with SMTP_URL the message is delivered to that server, from MAIL_FROM", async () => {
  const sink = await startSmtpSink();
  try {
    await configuredMailer({ smtpUrl: sink.url, from: "Ops <ops@x.test>" })({ to: "a@b.test", subject: "Hello", text: "Line one" });
    const mail = await sink.waitFor("a@b.test");
    expect(mail.from).toBe("ops@x.test");
    expect(mail.text).toContain("Line one");
  } finally {
    await sink.close();
  }
});
