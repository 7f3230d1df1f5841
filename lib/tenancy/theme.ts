// Server-only theme lookups: see theme-core.ts.
import "server-only";
export * from "./theme-core";
