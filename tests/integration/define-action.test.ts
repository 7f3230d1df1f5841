// The action builder (lib/actions/define-action.ts) as a caller meets it: the
// session an action asks for, the role rule (and `roles` widening it), the
// input parsed before the body (a bad id is "not found"), one transaction for a
// write (a failure part-way leaves nothing), `after` once committed,
// revalidation only on success, and the ActionResult shape whatever happens.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "@/lib/db";
import { requireSession, requireSessionAllowingPasswordChange, requireSessionState } from "@/lib/auth/session";
import { defineAction, definedActions } from "@/lib/actions/define-action";
import { IdSchema, NoInputSchema } from "@/lib/actions/fields";
import { ForbiddenError, UnauthenticatedError } from "@/lib/errors";
import { PASSWORD_CHANGE_REQUIRED } from "@/lib/auth/context";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

jest.mock("@/lib/auth/session", () => ({
  requireSession: jest.fn(),
  requireSessionAllowingPasswordChange: jest.fn(),
  requireSessionState: jest.fn(),
}));
jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));

const requireSessionMock = jest.mocked(requireSession);
const passwordChangeMock = jest.mocked(requireSessionAllowingPasswordChange);
const sessionStateMock = jest.mocked(requireSessionState);

useTestDatabase();

beforeEach(() => {
  jest.mocked(revalidatePath).mockClear();
  requireSessionMock.mockReset();
  passwordChangeMock.mockReset();
  sessionStateMock.mockReset();
});

const seen: unknown[] = [];
/** Records what reached the body: nothing must, for a refused caller. */
const Watched = z.object({ name: z.string().min(1, "Name is required") }).transform((v) => (seen.push(v), v));

const renameAdvertiser = defineAction({
  name: "test.renameAdvertiser",
  access: "write",
  input: z.object({ id: IdSchema, name: z.string().min(1, "Name is required"), failAfterWrite: z.boolean().default(false) }),
  run: async ({ db: tx, input }) => {
    await tx.advertiser.update({ where: { id: input.id }, data: { name: input.name } });
    if (input.failAfterWrite) throw new Error("failed after the write");
    return { id: input.id };
  },
  revalidate: (input) => [`/advertiser/details/${input.id}`],
});

const watchedWrite = defineAction({ name: "test.watchedWrite", access: "write", input: Watched, run: async ({ input }) => input.name });
const ownSetting = defineAction({
  name: "test.ownSetting",
  access: "write",
  roles: ["RW", "RO", "DEMO"],
  input: NoInputSchema,
  run: async ({ ctx }) => ctx.role,
});
const readName = defineAction({
  name: "test.readName",
  access: "read",
  input: z.object({ id: IdSchema }),
  run: async ({ db: tenant, input }) => (await tenant.advertiser.findUniqueOrThrow({ where: { id: input.id } })).name,
});
const passwordStep = defineAction({ name: "test.passwordStep", access: "write", session: "password-change", roles: ["RW", "RO", "DEMO"], input: NoInputSchema, run: async ({ ctx }) => ctx.userId });
const selector = defineAction({ name: "test.selector", access: "read", session: "any", input: NoInputSchema, run: async ({ session }) => session.status });
const publicStep = defineAction({ name: "test.publicStep", access: "public", session: "none", input: z.object({ text: z.string() }), run: async ({ input }) => input.text.length });

const committedNames: string[] = [];
const createThenLook = defineAction({
  name: "test.createThenLook",
  access: "write",
  input: z.object({ name: z.string() }),
  run: async ({ ctx, db: tx, input }) => {
    const row = await tx.activityLog.create({
      data: { licenseeId: ctx.licenseeId, userId: ctx.userId, userName: ctx.userName, action: "CREATE", message: "created", entityType: "ADVERTISER", entityId: 1, entityName: input.name },
    });
    return { id: row.id };
  },
  // A query on the raw client: on PGlite's single connection it could not run while the transaction were open.
  after: async (_body, created) => {
    committedNames.push((await db.activityLog.findUniqueOrThrow({ where: { id: created.id } })).entityName);
  },
});

describe("the session an action asks for", () => {
  test("by default a session with a licensee: without one the answer is 401 and the body never runs", async () => {
    requireSessionMock.mockRejectedValue(new UnauthenticatedError());
    expect(await watchedWrite({ name: "x" })).toEqual({ ok: false, status: 401, formError: new UnauthenticatedError().message });
    expect(seen).toEqual([]);
  });

  test('"password-change" takes the session that may only change its password; the default refuses it', async () => {
    const { ctx } = await f.makeTenant("RO");
    requireSessionMock.mockRejectedValue(new ForbiddenError(PASSWORD_CHANGE_REQUIRED));
    passwordChangeMock.mockResolvedValue({ ...ctx, forcePasswordChange: true });
    expect(await passwordStep()).toEqual({ ok: true, data: ctx.userId });
    expect(await ownSetting()).toEqual({ ok: false, status: 403, formError: PASSWORD_CHANGE_REQUIRED });
  });

  test('"any" runs before a licensee is chosen; "none" runs with no session at all', async () => {
    sessionStateMock.mockResolvedValue({ status: "select-licensee", user: { userId: 1, userName: "Multi", email: "m@x.com" } });
    expect(await selector()).toEqual({ ok: true, data: "select-licensee" });
    expect(await publicStep({ text: "abc" })).toEqual({ ok: true, data: 3 });
    expect(requireSessionMock).not.toHaveBeenCalled();
  });
});

describe("roles and input", () => {
  test.each(["RO", "DEMO"] as const)("a write refuses %s with 403 before the input is even parsed", async (role) => {
    const { ctx } = await f.makeTenant(role);
    requireSessionMock.mockResolvedValue(ctx);
    expect(await watchedWrite({ name: "" })).toEqual({ ok: false, status: 403, formError: new ForbiddenError().message });
    expect(seen).toEqual([]);
  });

  test("`roles` lets the caller's own settings be written by every role", async () => {
    for (const role of ["RW", "RO", "DEMO"] as const) {
      const { ctx } = await f.makeTenant(role, `own-${role}`);
      requireSessionMock.mockResolvedValue(ctx);
      expect(await ownSetting()).toEqual({ ok: true, data: role });
    }
  });

  test("bad input is a field message (400); an id that can name no record is 404, like another licensee's", async () => {
    const { ctx, licensee } = await f.makeTenant("RW");
    const other = await f.makeTenant("RW", "other");
    const theirs = await f.makeAdvertiser(other.licensee.id, { name: "Theirs" });
    const mine = await f.makeAdvertiser(licensee.id, { name: "Mine" });
    requireSessionMock.mockResolvedValue(ctx);
    expect(await renameAdvertiser({ id: mine.id, name: "" })).toEqual({
      ok: false,
      status: 400,
      fieldErrors: { name: "Name is required" },
      formError: "Please correct the highlighted fields.",
    });
    expect(await renameAdvertiser({ id: "12abc", name: "x" })).toMatchObject({ ok: false, status: 404 });
    expect(await renameAdvertiser({ id: theirs.id, name: "Hijacked" })).toMatchObject({ ok: false, status: 404 });
    expect(await readName({ id: theirs.id })).toMatchObject({ ok: false, status: 404 });
    expect(await readName({ id: mine.id })).toEqual({ ok: true, data: "Mine" });
    expect((await db.advertiser.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe("Theirs");
    expect(revalidatePath).not.toHaveBeenCalled();
  });
});

describe("a write", () => {
  test("runs in one transaction: a failure after its first write leaves nothing, answers 500 and revalidates nothing", async () => {
    const { ctx, licensee } = await f.makeTenant("RW");
    const advertiser = await f.makeAdvertiser(licensee.id, { name: "Before" });
    requireSessionMock.mockResolvedValue(ctx);
    expect(await renameAdvertiser({ id: advertiser.id, name: "After", failAfterWrite: true })).toEqual({
      ok: false,
      status: 500,
      formError: "Server error, Please try after sometime",
    });
    expect((await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).name).toBe("Before");
    expect(revalidatePath).not.toHaveBeenCalled();

    expect(await renameAdvertiser({ id: advertiser.id, name: "After" })).toEqual({ ok: true, data: { id: advertiser.id } });
    expect((await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).name).toBe("After");
    expect(revalidatePath).toHaveBeenCalledWith(`/advertiser/details/${advertiser.id}`);
  });

  test("`after` runs once the change is committed", async () => {
    const { ctx } = await f.makeTenant("RW");
    requireSessionMock.mockResolvedValue(ctx);
    expect(await createThenLook({ name: "Committed name" })).toMatchObject({ ok: true });
    expect(committedNames).toEqual(["Committed name"]);
  });
});

test("every action defined is in the builder's registry, under its name", () => {
  expect([...definedActions().keys()]).toEqual(expect.arrayContaining(["test.renameAdvertiser", "test.selector", "test.publicStep"]));
  expect(definedActions().get("test.ownSetting")?.roles).toEqual(["RW", "RO", "DEMO"]);
});
