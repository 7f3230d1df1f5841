// Finds what the browser (or anyone on the internet) can call, in the source
// tree as it is when the test runs: modules that start with "use server"
// (every export is a server action), route handlers (app/**/route.ts, every
// exported HTTP method) and the REST API's declared operations, which one
// route (REST_ROUTE) serves. Keys are "<path from the project root>#<export>",
// and "<METHOD> /api/v1<path>" for a REST operation ("{resource}" standing
// for every resource's own operations of that path).
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../..");
const SOURCE_DIRS = ["app", "lib", "components"];
const SKIP_DIRS = new Set(["node_modules", "generated", ".next"]);
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".")) out.push(...sourceFiles(full));
    } else if (/\.(ts|tsx|js|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

export function projectSourceFiles(): string[] {
  return SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d))).concat(
    ["proxy.ts", "instrumentation.ts"].map((f) => path.join(ROOT, f)).filter((f) => fs.existsSync(f)),
  );
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

/** The code without comments, so a directive mentioned in a comment is not mistaken for one. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

const DIRECTIVE = /^\s*(["'])use server\1\s*;?/;

/** A module whose first statement is the "use server" directive. */
export function isServerActionModule(source: string): boolean {
  return DIRECTIVE.test(withoutComments(source));
}

/**
 * "use server" written inside a function body (an inline server action): such
 * actions are reachable from the browser but are no module export, so the
 * registry could not name them. The matrix refuses them instead.
 */
export function inlineServerActionFiles(): string[] {
  return projectSourceFiles()
    .filter((file) => {
      const code = withoutComments(fs.readFileSync(file, "utf8"));
      const body = code.replace(DIRECTIVE, "");
      return /(["'])use server\1/.test(body);
    })
    .map(relative);
}

export function serverActionModules(): string[] {
  return projectSourceFiles()
    .filter((file) => isServerActionModule(fs.readFileSync(file, "utf8")))
    .map(relative)
    .sort();
}

export function routeHandlerModules(): string[] {
  return sourceFiles(path.join(ROOT, "app"))
    .filter((file) => /^route\.(ts|js|mjs)$/.test(path.basename(file)))
    .map(relative)
    .sort();
}

/** The one route of the REST API: its operations are found from their declarations, not its exports. */
export const REST_ROUTE = "app/api/v1/[...path]/route.ts";

export interface Callable {
  key: string;
  file: string;
  name: string;
  kind: "action" | "route";
  fn: (...args: unknown[]) => unknown;
  /** A REST operation: its path template under /api/v1, its declared access and body cap. */
  rest?: { path: string; access: "read" | "write" | "public"; bodyLimitBytes?: number };
}

/** Every declared REST operation, one callable per method and path ("{resource}" for the resources' own). */
async function restCallables(mod: Record<string, unknown>): Promise<Callable[]> {
  const { restOperations } = await import("@/lib/api/resources");
  const { RESOURCE_PATHS, resourceKindOf } = await import("@/lib/api/resource-operations");
  const found = new Map<string, Callable>();
  for (const operation of restOperations()) {
    const kind = resourceKindOf(operation);
    const path = kind ? RESOURCE_PATHS[kind] : operation.path;
    const key = `${operation.method} /api/v1${path}`;
    if (found.has(key)) continue;
    const route = mod[operation.method] as Callable["fn"];
    found.set(key, {
      key,
      file: REST_ROUTE,
      name: operation.method,
      kind: "route",
      fn: (...args: unknown[]) => route(...args),
      rest: { path, access: operation.access, ...(operation.bodyLimitBytes === undefined ? {} : { bodyLimitBytes: operation.bodyLimitBytes }) },
    });
  }
  return [...found.values()];
}

/** Every exported server action and route handler method, loaded. */
export async function discoverCallables(): Promise<Callable[]> {
  const found: Callable[] = [];
  for (const file of serverActionModules()) {
    const mod = (await import(path.join(ROOT, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (name === "__esModule") continue;
      found.push({ key: `${file}#${name}`, file, name, kind: "action", fn: value as Callable["fn"] });
    }
  }
  for (const file of routeHandlerModules()) {
    const mod = (await import(path.join(ROOT, file))) as Record<string, unknown>;
    if (file === REST_ROUTE) {
      found.push(...(await restCallables(mod)));
      continue;
    }
    for (const method of HTTP_METHODS) {
      if (typeof mod[method] === "function") {
        found.push({ key: `${file}#${method}`, file, name: method, kind: "route", fn: mod[method] as Callable["fn"] });
      }
    }
  }
  return found;
}
