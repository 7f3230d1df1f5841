import type { NextConfig } from "next";
import { DATA_RESPONSE_CSP, STATIC_SECURITY_HEADERS } from "./lib/security/headers";

const nextConfig: NextConfig = {
  // The Docker image runs the standalone server; `npm start` uses `next start`,
  // which also serves a standalone build (it only warns), so CI builds once.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // PGlite ships WASM and data files that must be loaded from node_modules as-is.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg"],
  poweredByHeader: false,
  // Catalog feed files are uploaded through a server action (limit 20 MB in
  // lib/catalog). Next has one limit for every action and no per-action one,
  // so it stays this large; signed-out callers get 8 KB, enforced by proxy.ts
  // (lib/security/anonymous-body.ts). The proxy reads a copy of every page
  // request's body up to proxyClientMaxBodySize and passes on only that much,
  // so it must not be smaller than the action limit.
  experimental: { serverActions: { bodySizeLimit: "21mb" }, proxyClientMaxBodySize: "21mb" },
  // Lets several builds live side by side (parallel work trees, CI next to a dev server).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  async headers() {
    // Stored files (/api/files/*, lib/storage/serve.ts) set their own
    // Content-Security-Policy and X-Frame-Options: an HTML5 creative is framed
    // by our preview (SAMEORIGIN, frame-ancestors 'self'). Next keeps a header
    // set here over the route's own, so these two skip that route.
    const isFrameHeader = (h: { key: string }) => h.key === "X-Frame-Options";
    return [
      // Every response: pages, API answers, the pixel GIF, the smart tag script, files, assets.
      { source: "/(.*)", headers: STATIC_SECURITY_HEADERS.filter((h) => !isFrameHeader(h)) },
      { source: "/:path((?!api/files/).*)", headers: STATIC_SECURITY_HEADERS.filter(isFrameHeader) },
      // What proxy.ts does not see gets a CSP that runs nothing (pages get theirs, with a nonce, there).
      ...["/api/:path((?!files/).*)", "/_next/(.*)", "/:file((?!api/files/).*\\.[a-zA-Z0-9]+)"].map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: DATA_RESPONSE_CSP }],
      })),
    ];
  },
};

export default nextConfig;
