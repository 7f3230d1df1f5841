// The owning columns of created rows (scopeCall in ./tenant.ts), without a
// database: a create leaves them out and gets the session's; one naming
// another licensee or user is refused before any statement runs, whatever
// the caller's types said (the casts below stand for an untyped caller).
import { NotFoundError } from "../errors";
import { scopeCall, type BaseClient } from "./tenant";

const scope = { licenseeId: 7, userId: 3 };
// None of these models' creates name another licensee-owned row, so no reference check reaches the client.
const base = {} as BaseClient;

const advertiser = { name: "Acme", domain: "acme.com" };

describe("created rows of a licensee-owned model", () => {
  test("without licenseeId: the session's licensee is set", async () => {
    expect(await scopeCall(base, "Advertiser", "create", { data: advertiser }, scope)).toEqual({ data: { ...advertiser, licenseeId: 7 } });
    const many = await scopeCall(base, "ReportTemplate", "createMany", { data: [{ name: "a" }, { name: "b" }] }, scope);
    expect(many.data).toEqual([{ name: "a", licenseeId: 7 }, { name: "b", licenseeId: 7 }]);
    const returned = await scopeCall(base, "ReportTemplate", "createManyAndReturn", { data: [{ name: "a" }], select: { id: true } }, scope);
    expect(returned).toEqual({ data: [{ name: "a", licenseeId: 7 }], select: { id: true } });
    const upsert = await scopeCall(base, "StrategyTemplate", "upsert", { where: { id: 1 }, create: { templateName: "t" }, update: {} }, scope);
    expect(upsert.create).toEqual({ templateName: "t", licenseeId: 7 });
  });

  test("the session's own licensee may still be spelt", async () => {
    expect((await scopeCall(base, "Advertiser", "create", { data: { ...advertiser, licenseeId: 7 } }, scope)).data).toEqual({ ...advertiser, licenseeId: 7 });
  });

  test.each([
    ["another licensee's id", { licenseeId: 8 }],
    ["null", { licenseeId: null }],
    ["the id as text", { licenseeId: "7" }],
    ["another licensee connected", { licensee: { connect: { id: 8 } } }],
  ])("%s is refused as not found", async (_what, owner) => {
    const data = { ...advertiser, ...owner };
    await expect(scopeCall(base, "Advertiser", "create", { data }, scope)).rejects.toBeInstanceOf(NotFoundError);
    await expect(scopeCall(base, "ReportTemplate", "createMany", { data: [{ name: "ok" }, { name: "planted", ...owner }] }, scope)).rejects.toBeInstanceOf(NotFoundError);
    await expect(scopeCall(base, "ReportTemplate", "createManyAndReturn", { data: [{ name: "planted", ...owner }] }, scope)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      scopeCall(base, "StrategyTemplate", "upsert", { where: { id: 1 }, create: { templateName: "t", ...owner }, update: {} }, scope),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("created rows of a per-user model", () => {
  test("an API key gets the session's licensee and user; another user's is refused", async () => {
    expect((await scopeCall(base, "ApiKey", "create", { data: { name: "k" } }, scope)).data).toEqual({ name: "k", licenseeId: 7, userId: 3 });
    await expect(scopeCall(base, "ApiKey", "create", { data: { name: "k", userId: 4 } }, scope)).rejects.toBeInstanceOf(NotFoundError);
    await expect(scopeCall(base, "ApiKey", "create", { data: { name: "k", licenseeId: 8 } }, scope)).rejects.toBeInstanceOf(NotFoundError);
  });
});
