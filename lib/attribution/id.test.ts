import { ATTRIBUTION_ID_LENGTH, issueAttributionId, MAX_CLOCK_SKEW_SECONDS, MAX_ID_AGE_SECONDS, userKeyOf, verifyAttributionId, type TouchToIssue } from "./id";

const AT = new Date("2030-06-01T12:00:00Z");
const CLICK: TouchToIssue = { kind: "click", licenseeId: 3, strategyId: 1200, creativeId: 45, at: AT, deviceId: "6D92078A-8246-4BA4-AE5B-76104861E7DC" };
const later = (seconds: number) => new Date(AT.getTime() + seconds * 1000);

test("an issued id is URL-safe, of fixed length, and verifies to what was issued", () => {
  const id = issueAttributionId(CLICK);
  expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(id).toHaveLength(ATTRIBUTION_ID_LENGTH);
  expect(verifyAttributionId(id, "click", later(60))).toEqual({
    kind: "click",
    licenseeId: 3,
    strategyId: 1200,
    creativeId: 45,
    at: AT,
    userKey: userKeyOf(CLICK.deviceId!),
  });
});

test("the user key is the same for one device (whatever its case or spaces) and tells nothing of the device id", () => {
  const a = verifyAttributionId(issueAttributionId(CLICK), "click", AT)!;
  const b = verifyAttributionId(issueAttributionId({ ...CLICK, kind: "impression", deviceId: ` ${CLICK.deviceId!.toLowerCase()} ` }), "impression", AT)!;
  expect(a.userKey).toBe(b.userKey);
  expect(a.userKey).toMatch(/^[0-9a-f]{24}$/);
  expect(a.userKey).not.toContain("6d92078a");
  expect(userKeyOf("another-device")).not.toBe(a.userKey);
  // Without a device id every id is its own user.
  const anon = () => verifyAttributionId(issueAttributionId({ ...CLICK, deviceId: null }), "click", AT)!.userKey;
  expect(anon()).not.toBe(anon());
});

test("a changed character anywhere, a truncated or padded id, or a stranger's string does not verify", () => {
  const id = issueAttributionId(CLICK);
  for (let i = 0; i < id.length; i++) {
    const swapped = id[i] === "A" ? "B" : "A";
    expect(verifyAttributionId(id.slice(0, i) + swapped + id.slice(i + 1), "click", AT)).toBeNull();
  }
  for (const bad of [id.slice(0, -1), `${id}A`, `${id}=`, id.replace(/.$/, "!"), "", "x".repeat(ATTRIBUTION_ID_LENGTH), "%7BCLICK_ID%7D"]) {
    expect(verifyAttributionId(bad, "click", AT)).toBeNull();
  }
});

test("the kind is signed: a click id is no impression id and the other way round", () => {
  const click = issueAttributionId(CLICK);
  const impression = issueAttributionId({ ...CLICK, kind: "impression" });
  expect(verifyAttributionId(click, "impression", AT)).toBeNull();
  expect(verifyAttributionId(impression, "click", AT)).toBeNull();
  expect(verifyAttributionId(impression, "impression", AT)?.kind).toBe("impression");
});

test("an id older than any validity window, or from the future beyond clock skew, does not verify", () => {
  const id = issueAttributionId(CLICK);
  expect(verifyAttributionId(id, "click", later(MAX_ID_AGE_SECONDS))).not.toBeNull();
  expect(verifyAttributionId(id, "click", later(MAX_ID_AGE_SECONDS + 1))).toBeNull();
  expect(verifyAttributionId(id, "click", later(-MAX_CLOCK_SKEW_SECONDS))).not.toBeNull();
  expect(verifyAttributionId(id, "click", later(-MAX_CLOCK_SKEW_SECONDS - 1))).toBeNull();
});

test("a key derived from another AUTH_SECRET does not accept the id", () => {
  const id = issueAttributionId(CLICK);
  const saved = process.env.AUTH_SECRET;
  process.env.AUTH_SECRET = "another-deployment-secret-of-at-least-32-chars";
  try {
    expect(verifyAttributionId(id, "click", AT)).toBeNull();
    expect(verifyAttributionId(issueAttributionId(CLICK), "click", AT)).not.toBeNull();
  } finally {
    if (saved === undefined) delete process.env.AUTH_SECRET;
    else process.env.AUTH_SECRET = saved;
  }
});

test("issuing refuses what cannot be encoded", () => {
  expect(() => issueAttributionId({ ...CLICK, strategyId: 0 })).toThrow(RangeError);
  expect(() => issueAttributionId({ ...CLICK, creativeId: 1.5 })).toThrow(RangeError);
  expect(() => issueAttributionId({ ...CLICK, at: new Date(-1000) })).toThrow(RangeError);
});
