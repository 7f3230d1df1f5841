import { returnPathOrHome, safeReturnPath } from "./return-url";

describe("safeReturnPath", () => {
  it.each([["/home"], ["/advertiser"], ["/advertiser/details/12?tab=pixel"], ["/report/advanced#top"], ["/"]])(
    "accepts the same-site path %s",
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ["https://evil.test/home"],
    ["http:/evil.test"],
    ["javascript:alert(1)"],
    ["//evil.test"],
    ["//evil.test/home"],
    ["/\\evil.test"],
    ["/\t/evil.test"],
    ["/\n/evil.test"],
    ["/home\\..\\..\\"],
    ["home"],
    [""],
  ])("refuses %j", (path) => {
    expect(safeReturnPath(path)).toBeNull();
  });

  it("refuses missing values", () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});

describe("returnPathOrHome", () => {
  it("follows a safe path and falls back to /home otherwise", () => {
    expect(returnPathOrHome("/campaign")).toBe("/campaign");
    expect(returnPathOrHome("//evil.test")).toBe("/home");
    expect(returnPathOrHome(undefined)).toBe("/home");
  });
});
