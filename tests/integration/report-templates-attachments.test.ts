// A scheduled report's file over REPORT_ATTACHMENT_MAX_MB is not attached: it
// is kept in storage and the mail (read here at a local SMTP server) links to
// it in the console (CONSOLE_URL with the licensee's sub-domain). The link is
// served by /api/files to signed-in users of that licensee only, as a download;
// another licensee's user gets 404, a caller without a session 401, and a
// signed (sessionless) URL of its folder 404. Under
// the cap the file is attached as before and nothing is stored.
import { db } from "@/lib/db";
import type { SessionContext } from "@/lib/auth/context";
import { getSessionContext } from "@/lib/auth/session";
import { smtpMailer } from "@/lib/mail";
import { scopeOf } from "@/lib/data/scope";
import { createReportTemplate } from "@/lib/report-templates/mutations";
import { getReportTemplateOrThrow } from "@/lib/report-templates/queries";
import { runTemplateSlot } from "@/lib/report-templates/runner";
import { serveSignedFile, serveStoredFile } from "@/lib/storage/serve";
import { signedFolderUrl } from "@/lib/storage/signed";
import { useTestDatabase } from "../helpers/db";
import { useEnv } from "../helpers/env";
import * as f from "../helpers/factories";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";
import { useTestStorage } from "../helpers/storage";

jest.mock("@/lib/auth/session", () => ({ ...jest.requireActual("@/lib/auth/session"), getSessionContext: jest.fn() }));
const getSessionMock = getSessionContext as jest.MockedFunction<typeof getSessionContext>;

useTestDatabase();
const storageDir = useTestStorage("report-files-");
useEnv({ CONSOLE_URL: "https://{subdomain}.console.test" });

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});

async function scheduledReport() {
  await f.makeUtcTimezone();
  const tenant = await f.makeTenant("RW");
  const subDomain = (await db.theme.findUniqueOrThrow({ where: { licenseeId: tenant.licensee.id } })).subDomain;
  const saved = await createReportTemplate(scopeOf(tenant.ctx), {
    name: "Daily campaigns",
    reportType: "advanced",
    definition: { dimensions: ["campaign"], metrics: ["impressions", "clicks"], from: "2024-01-01", to: "2024-01-01", timezoneId: 805 },
    schedule: { frequency: "DAILY", timeOfDay: "09:00", recipients: tenant.user.email, fileFormat: "CSV" },
  });
  const run = (slot: string) =>
    runTemplateSlot({ templateId: saved.id, licenseeId: tenant.licensee.id, slot: new Date(slot), manual: false }, { mailer: smtpMailer(sink.url, "Reports <reports@dsp.test>") });
  return { ...tenant, subDomain, saved, run };
}

const download = (ctx: SessionContext | null, path: string) => {
  getSessionMock.mockResolvedValue(ctx);
  return serveStoredFile(new Request(`http://localhost${path}`), path.replace("/api/files/", "").split("/"));
};

describe("over the cap (10 bytes)", () => {
  useEnv({ REPORT_ATTACHMENT_MAX_MB: "0.00001" });

  test("the mail carries a link to the file in the console, which only signed-in users of the licensee can download", async () => {
    const w = await scheduledReport();
    const since = Date.now();
    expect(await w.run("2024-04-01T09:00:00Z")).toBe("SENT");
    const mail = await sink.waitFor(w.user.email, { since });
    expect(mail.raw).not.toMatch(/Content-Disposition: attachment/i);
    expect(mail.text).toContain("is larger than the 0.00001 MB a mail carries here");

    const [run] = (await getReportTemplateOrThrow(w.ctx, w.saved.id)).runs;
    expect(run.fileUrl).toMatch(new RegExp(`^/api/files/reports/${w.licensee.id}/${w.saved.id}/[0-9a-f-]{36}/Daily_campaigns-[\\w-]+\\.csv$`));
    const fileUrl = run.fileUrl ?? "";
    expect(mail.text).toContain(`https://${w.subDomain}.console.test${fileUrl}`);
    expect(mail.text).toContain(`https://${w.subDomain}.console.test/report/schedule/details/${w.saved.id}`);
    expect(storageDir.storedFiles()).toHaveLength(1);

    const mine = await download(w.ctx, fileUrl);
    expect([mine.status, mine.headers.get("content-type"), mine.headers.get("content-disposition")]).toEqual([
      200,
      "text/csv; charset=utf-8",
      `attachment; filename="${fileUrl.split("/").pop()}"`,
    ]);
    expect((await mine.text()).split(/\r?\n/)[0]).toMatch(/Campaign/);

    const other = await f.makeTenant("RW");
    expect((await download(other.ctx, fileUrl)).status).toBe(404);
    expect((await download(null, fileUrl)).status).toBe(401);
    // Never without a session, even under a signed URL of its folder.
    const [, , , , token, ...key] = signedFolderUrl(fileUrl.replace("/api/files/", "")).split("/");
    expect((await serveSignedFile(new Request("http://localhost/"), token, key)).status).toBe(404);
  });
});

test("under the cap (the default 5 MB) the file is attached and nothing is stored", async () => {
  const w = await scheduledReport();
  const since = Date.now();
  expect(await w.run("2024-04-01T09:00:00Z")).toBe("SENT");
  const mail = await sink.waitFor(w.user.email, { since });
  expect(mail.raw).toMatch(/Content-Disposition: attachment;\s+filename=Daily_campaigns-[\w-]+\.csv/i);
  expect((await getReportTemplateOrThrow(w.ctx, w.saved.id)).runs[0].fileUrl).toBeNull();
  expect(storageDir.storedFiles()).toEqual([]);
});
