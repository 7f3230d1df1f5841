// Prints the jest test files that use a database (they open one through
// tests/helpers/db.ts), one per line. .ci/run's PostgreSQL pass runs only these:
// the other tests never reach a database, so a second pass over them would
// repeat the PGlite pass exactly and only lengthen CI.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ROOTS = ["lib", "components", "tests/integration"];
const TEST_FILE = /\.test\.tsx?$/;
const USES_DATABASE = /helpers\/db["']|useTestDatabase\(/;

function* testFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(path);
    else if (TEST_FILE.test(entry.name)) yield path;
  }
}

for (const root of ROOTS) {
  for (const file of testFiles(root)) {
    if (USES_DATABASE.test(readFileSync(file, "utf8"))) console.log(file);
  }
}
