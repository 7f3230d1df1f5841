// Makes the database refuse one kind of write for the duration of a callback,
// through a trigger, so a test can make a transaction fail part-way (after
// some of its writes already ran) and check that none of them stayed.
// Works on PostgreSQL and PGlite alike.
import { db } from "@/lib/db";

let seq = 0;

/**
 * While `fn` runs, every `event` ("INSERT" or "UPDATE") on `table` whose new
 * row matches `when` (SQL over NEW, e.g. `NEW."id" = 3`) raises an error.
 */
export async function withFailingWrite<T>(table: string, event: "INSERT" | "UPDATE", when: string, fn: () => Promise<T>): Promise<T> {
  const name = `test_fail_${++seq}`;
  await db.$executeRawUnsafe(
    `CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure (${name})'; END $$`,
  );
  await db.$executeRawUnsafe(
    `CREATE TRIGGER "${name}" BEFORE ${event} ON "${table}" FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION "${name}"()`,
  );
  try {
    return await fn();
  } finally {
    await db.$executeRawUnsafe(`DROP TRIGGER "${name}" ON "${table}"`);
    await db.$executeRawUnsafe(`DROP FUNCTION "${name}"()`);
  }
}
