import type { SessionContext } from "../auth/context";
import { ForbiddenError, NotFoundError } from "../errors";
import { orNotFound, owned, parseId, requireWrite, scope } from "./gate";

const ctx = (role: SessionContext["role"] = "RW", licenseeId = 7): SessionContext => ({
  userId: 1,
  userName: "jane",
  email: "jane@example.com",
  licenseeId,
  licenseeName: "L",
  currencyCode: "USD",
  role,
  canSwitch: false,
  canChangeSecret: true,
  twoFactorEnabled: false,
  forcePasswordChange: false,
});

describe("owned", () => {
  test("scopes one id to the session's licensee", () => {
    expect(owned(ctx("RO", 7), 12)).toEqual({ id: 12, licenseeId: 7 });
  });

  test.each([0, -1, 1.5, Number.NaN, Infinity, 2 ** 53])("refuses the id %p as not found", (id) => {
    expect(() => owned(ctx(), id)).toThrow(NotFoundError);
  });
});

describe("scope", () => {
  test("lists exclude archived rows unless asked", () => {
    expect(scope(ctx("RW", 3))).toEqual({ licenseeId: 3, isArchived: false });
    expect(scope(ctx("RW", 3), { includeArchived: true })).toEqual({ licenseeId: 3 });
  });
});

describe("orNotFound", () => {
  test("passes rows through, including falsy non-null values", () => {
    const row = { id: 1 };
    expect(orNotFound(row)).toBe(row);
    expect(orNotFound(0)).toBe(0);
    expect(orNotFound("")).toBe("");
  });

  test("turns null and undefined into NotFoundError naming the record", () => {
    expect(() => orNotFound(null, "Advertiser")).toThrow("Advertiser not found");
    expect(() => orNotFound(undefined)).toThrow(NotFoundError);
  });
});

describe("requireWrite", () => {
  test("lets read-write users through", () => {
    expect(() => requireWrite(ctx("RW"))).not.toThrow();
  });

  test.each(["RO", "DEMO"] as const)("refuses %s users with ForbiddenError (403)", (role) => {
    expect(() => requireWrite(ctx(role))).toThrow(ForbiddenError);
    try {
      requireWrite(ctx(role));
    } catch (e) {
      expect((e as ForbiddenError).status).toBe(403);
    }
  });
});

describe("parseId", () => {
  test.each([
    ["1", 1],
    ["42", 42],
    ["007", 7],
  ])("parses %p as %p", (value, id) => {
    expect(parseId(value)).toBe(id);
  });

  test.each([undefined, "", "abc", "-1", "0", "1.5", "1e3", " 1", "1 ", "0x10", "12abc", "99999999999999999999"])(
    "refuses %p as not found",
    (value) => {
      expect(() => parseId(value)).toThrow(NotFoundError);
    },
  );
});
