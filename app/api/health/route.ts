// Liveness + database check for the container platform.
import { getDatabase } from "@/lib/db";
import { log } from "@/lib/log";

export const dynamic = "force-dynamic";

const TIMEOUT_MS = 3000;

async function ping(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    await Promise.race([(async () => (await getDatabase()).raw.query("SELECT 1"))(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function GET() {
  try {
    await ping();
    return Response.json({ status: "ok", database: "up" }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    log.error("health check failed", { err });
    return Response.json({ status: "error", database: "down" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
