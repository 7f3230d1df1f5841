// The one gate for licensee data. Every query and mutation of licensee-owned
// rows is built from these helpers, so a record of another licensee is never
// returned or changed: it is "not found", exactly like a missing id.
import "server-only";
export * from "./gate-core";
