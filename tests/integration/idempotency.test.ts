// An idempotent create (lib/actions/idempotency.ts) as defineAction runs it,
// with a body that holds on until the test lets it go, so the repeat really
// arrives while the first submission is still running: in the action's
// transaction (the repeat waits on the key's unique index; on PGlite's one
// connection, for the first transaction to end) and outside one (the repeat
// waits for the first's stored result). A failed first submission leaves its
// key free, `after` runs once, a claim left by a process that died is taken
// over, and the prune job forgets keys after a day.
import "../helpers/next-cache-double";
import { z } from "zod";
import { db } from "@/lib/db";
import { defineAction } from "@/lib/actions/define-action";
import { fingerprintOf } from "@/lib/actions/idempotency";
import { JOB_DEFINITIONS } from "@/lib/job-runner/definitions";
import { JOB } from "@/lib/jobs/names";
import type { SessionContext } from "@/lib/auth/context";
import type { TenantTx } from "@/lib/data/tenant-db";
import { useTestDatabase } from "../helpers/db";
import { requireSessionMock } from "../helpers/session-mock";
import * as f from "../helpers/factories";

jest.mock("@/lib/auth/session", () => ({ requireSession: jest.fn(), getSessionContext: jest.fn() }));

useTestDatabase();

/** A promise the test resolves: the body waits on it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const state = { runs: 0, afters: 0, hold: Promise.resolve(), fail: false };

const Input = z.object({ name: z.string().min(1) });

/** Writes one activity row, as a create does, and answers it with its date (a Date must come back as one). */
async function createRow(ctx: SessionContext, tx: TenantTx, name: string) {
  state.runs += 1;
  await state.hold;
  const row = await tx.activityLog.create({
    data: { userId: ctx.userId, userName: ctx.userName, action: "CREATE", message: "created", entityType: "ADVERTISER", entityId: 1, entityName: name },
  });
  if (state.fail) throw new Error("failed after its write");
  return { id: row.id, at: row.createdAt, name };
}

const createInTransaction = defineAction({
  name: "test.idempotentCreate",
  access: "write",
  idempotent: true,
  input: Input,
  run: ({ ctx, db: tx, input }) => createRow(ctx, tx, input.name),
  after: async () => {
    state.afters += 1;
  },
});

const createOutside = defineAction({
  name: "test.idempotentCreateOutside",
  access: "write",
  idempotent: true,
  transaction: false,
  input: Input,
  run: ({ ctx, db: tenant, input }) => tenant.$transaction((tx) => createRow(ctx, tx, input.name)),
});

let ctx: SessionContext;

beforeEach(async () => {
  Object.assign(state, { runs: 0, afters: 0, hold: Promise.resolve(), fail: false });
  ({ ctx } = await f.makeTenant("RW"));
  requireSessionMock.mockResolvedValue(ctx);
});

const rows = () => db.activityLog.count({ where: { entityName: { startsWith: "Row" } } });

describe.each([
  ["in the action's transaction", createInTransaction],
  ["outside one transaction", createOutside],
])("%s", (_where, action) => {
  test("the repeat sent while the first still runs answers the first's result; the body ran once", async () => {
    const held = gate();
    state.hold = held.opened;
    const key = crypto.randomUUID();
    const first = action({ name: "Row", idempotencyKey: key } as never);
    const second = action({ name: "Row", idempotencyKey: key } as never);
    // Long enough for the repeat to reach the key (PostgreSQL: its insert waits on the first's uncommitted row).
    await new Promise((resolve) => setTimeout(resolve, 300));
    held.open();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toMatchObject({ ok: true, data: { name: "Row", at: expect.any(Date) } });
    expect(b).toEqual(a);
    expect([state.runs, await rows()]).toEqual([1, 1]);
  });

  test("a first submission that failed left nothing, and its key is free to retry", async () => {
    const key = crypto.randomUUID();
    state.fail = true;
    expect(await action({ name: "Row", idempotencyKey: key } as never)).toMatchObject({ ok: false, status: 500 });
    expect([await rows(), await db.idempotentRequest.count()]).toEqual([0, 0]);
    state.fail = false;
    expect(await action({ name: "Row", idempotencyKey: key } as never)).toMatchObject({ ok: true });
    expect(await action({ name: "Row", idempotencyKey: key } as never)).toMatchObject({ ok: true });
    expect([state.runs, await rows(), await db.idempotentRequest.count()]).toEqual([2, 1, 1]);
  });

  test("without a key every submission creates (callers that send none: scripts, old clients)", async () => {
    await action({ name: "Row" });
    await action({ name: "Row", idempotencyKey: undefined } as never);
    expect([await rows(), await db.idempotentRequest.count()]).toEqual([2, 0]);
  });
});

test("`after` runs for the first submission only (a repeat queues no second job)", async () => {
  const key = crypto.randomUUID();
  await createInTransaction({ name: "Row", idempotencyKey: key } as never);
  await createInTransaction({ name: "Row", idempotencyKey: key } as never);
  expect(state.afters).toBe(1);
});

test("a claim without a result, left by a process that died over ten minutes ago, is taken over", async () => {
  const key = crypto.randomUUID();
  await db.idempotentRequest.create({
    data: { licenseeId: ctx.licenseeId, userId: ctx.userId, action: "test.idempotentCreateOutside", key, fingerprint: fingerprintOf({ name: "Row" }), createdAt: new Date(Date.now() - 11 * 60_000) },
  });
  expect(await createOutside({ name: "Row", idempotencyKey: key } as never)).toMatchObject({ ok: true, data: { name: "Row" } });
  expect([state.runs, await rows()]).toEqual([1, 1]);
});

test("the data-change prune job also forgets keys older than a day", async () => {
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
  const claim = (hoursAgo: number) => ({ licenseeId: ctx.licenseeId, userId: ctx.userId, action: "test", key: crypto.randomUUID(), fingerprint: "0".repeat(64), createdAt: at(hoursAgo) });
  await db.idempotentRequest.createMany({ data: [claim(25), claim(24.1), claim(23), claim(0)] });
  await JOB_DEFINITIONS.find((d) => d.name === JOB.dataChangePrune)!.run({} as never);
  const left = await db.idempotentRequest.findMany({ select: { createdAt: true } });
  expect(left.map((r) => Math.round((Date.now() - r.createdAt.getTime()) / 3_600_000)).sort()).toEqual([0, 23]);
});
