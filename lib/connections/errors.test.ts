import { Prisma } from "../generated/prisma/client";
import { isCancelledRequest, isConnectionError, isConnectionLoss, isPlainRead } from "./errors";

const prismaError = (code: string, message = "failed") => new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: "6.19.3" });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "FATAL" });
const socketError = (code: string) => Object.assign(new Error(`read ${code}`), { code, syscall: "read", errno: -104 });

describe("isConnectionError: the database could not be reached or held", () => {
  test.each([
    ["P2028, a transaction that could not start (pool held)", prismaError("P2028", "Transaction API error: Unable to start a transaction in the given time.")],
    ["P1001, the server unreachable", prismaError("P1001")],
    ["P1017, the server closed the connection", prismaError("P1017")],
    ["P2024, a pool timeout", prismaError("P2024")],
    ["ECONNRESET", socketError("ECONNRESET")],
    ["pg's pool timeout", new Error("timeout exceeded when trying to connect")],
    ["a connection terminated by the server", pgError("57P01", "terminating connection due to administrator command")],
    ["class 08", pgError("08006", "connection failure")],
    ["too many connections", pgError("53300", "sorry, too many clients already")],
    ["a driver adapter error in the cause", Object.assign(new Error("Error in connector"), { cause: { kind: "ConnectionClosed" } })],
    ["a wrapped one in Prisma's meta", Object.assign(new Error("Raw query failed"), { meta: { driverAdapterError: { cause: { originalCode: "57P01" } } } })],
  ])("%s", (_what, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  test.each([
    ["a unique violation", prismaError("P2002")],
    ["a statement timeout", pgError("57014", "canceling statement due to statement timeout")],
    ["a syntax error", pgError("42601", 'syntax error at or near "SELEC"')],
    ["an application error", new Error("Campaign not found")],
    ["nothing", undefined],
  ])("not %s", (_what, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});

test("isConnectionLoss: only an open connection going away, not failing to get one", () => {
  expect(isConnectionLoss(pgError("57P01", "terminating connection due to administrator command"))).toBe(true);
  expect(isConnectionLoss(new Error("Connection terminated unexpectedly"))).toBe(true);
  expect(isConnectionLoss(socketError("ECONNRESET"))).toBe(true);
  expect(isConnectionLoss(new Error("timeout exceeded when trying to connect"))).toBe(false);
  expect(isConnectionLoss(socketError("ECONNREFUSED"))).toBe(false);
  expect(isConnectionLoss(pgError("57014", "canceling statement due to user request"))).toBe(false);
});

describe("isPlainRead: safe to run again", () => {
  test.each([
    ['SELECT "public"."Strategy"."id", "public"."Strategy"."updatedAt" FROM "public"."Strategy" WHERE "licenseeId" = $1'],
    ["  -- a comment\n select 1"],
    ["WITH t AS (SELECT 1 AS x) SELECT x FROM t"],
    ["(SELECT 1) UNION ALL (SELECT 2)"],
    ["SELECT pg_sleep(1), 1 AS one;"],
    ["SELECT 'insert into x' AS text"],
  ])("%s", (sql) => {
    expect(isPlainRead(sql)).toBe(true);
  });

  test.each([
    ['INSERT INTO "T" ("a") VALUES ($1) RETURNING "id"'],
    ['UPDATE "T" SET "a" = $1'],
    ["WITH d AS (DELETE FROM t RETURNING *) SELECT count(*) FROM d"],
    ["SELECT nextval('s')"],
    ["SELECT pg_advisory_xact_lock(1)"],
    ["SELECT delivery_running_build(3::smallint)"],
    ["SELECT 1; SELECT 2"],
    ["BEGIN; DELETE FROM t; COMMIT;"],
    ["SET statement_timeout = 0"],
  ])("not %s", (sql) => {
    expect(isPlainRead(sql)).toBe(false);
  });
});

test("isCancelledRequest: work stopped because its client went, however wrapped", () => {
  expect(isCancelledRequest(Object.assign(new Error("The request was cancelled: its client has gone"), { name: "RequestAbortedError" }))).toBe(true);
  expect(isCancelledRequest(prismaError("P2010", "Raw query failed. Code: `57014`. Message: `canceling statement due to user request: the request's client has gone`"))).toBe(true);
  expect(isCancelledRequest(pgError("57014", "canceling statement due to statement timeout"))).toBe(false);
  expect(isCancelledRequest(new Error("Campaign not found"))).toBe(false);
});
