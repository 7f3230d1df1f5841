import { frequencyMs, REMOTE_MESSAGES as M, remoteUrlProblem, RemoteScheduleSchema } from "./schema";

const FORM = { url: "files.example.com/crm/users.csv", protocol: "SFTP", username: "crm" };
const errors = (input: Record<string, unknown>) => {
  const r = RemoteScheduleSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("remote URL rules (business.md 5: URL required, no protocol)", () => {
  test.each(["files.example.com/a.csv", "10.1.2.3:2222/crm/list.csv.gz", "[2001:db8::1]:21/x.txt", "host/a/b%20c.zip"])("%s is usable", (url) => expect(remoteUrlProblem(url)).toBeNull());
  test.each([
    ["", M.urlRequired],
    ["   ", M.urlRequired],
    ["sftp://files.example.com/a.csv", M.urlProtocol],
    ["HTTPS://files.example.com/a.csv", M.urlProtocol],
    ["s3://bucket/a.csv", M.urlProtocol],
    ["ftp:files.example.com/a.csv", M.urlProtocol],
    ["user@files.example.com/a.csv", M.urlCredentials],
    ["files.example.com", M.urlInvalid],
    ["files.example.com/", M.urlInvalid],
    ["files example.com/a.csv", M.urlInvalid],
  ])("%j: %s", (url, message) => expect(remoteUrlProblem(url)).toBe(message));
});

describe("the schedule schema", () => {
  test("defaults: every 14 days, no encoding, no compression", () => {
    expect(RemoteScheduleSchema.parse(FORM)).toMatchObject({ frequencyValue: 14, frequencyUnit: "DAY", encoding: "NONE", compression: "NONE", password: "" });
  });
  test("each bad value has its message beside its field", () => {
    expect(errors({ ...FORM, compression: "RAR" })).toEqual({ compression: M.compression });
    expect(errors({ ...FORM, protocol: "SCP" })).toEqual({ protocol: M.protocol });
    expect(errors({ ...FORM, encoding: "BASE64" })).toEqual({ encoding: M.encoding });
    expect(errors({ ...FORM, frequencyValue: "1.5" })).toEqual({ frequencyValue: M.frequency });
    expect(errors({ ...FORM, frequencyValue: "366" })).toEqual({ frequencyValue: M.frequency });
    expect(errors({ ...FORM, frequencyValue: "0" })).toEqual({ frequencyValue: M.frequency });
    expect(errors({ ...FORM, frequencyValue: "8760", frequencyUnit: "HOUR" })).toEqual({});
    expect(errors({ ...FORM, username: "" })).toEqual({ username: M.sshUsername });
    expect(errors({ ...FORM, protocol: "HTTPS", username: "" })).toEqual({});
    expect(errors({ ...FORM, url: "sftp://x.example.com/a.csv" })).toEqual({ url: M.urlProtocol });
  });
  test("the interval in milliseconds", () => {
    expect(frequencyMs({ frequencyValue: 14, frequencyUnit: "DAY" })).toBe(14 * 86_400_000);
    expect(frequencyMs({ frequencyValue: 6, frequencyUnit: "HOUR" })).toBe(6 * 3_600_000);
  });
});
