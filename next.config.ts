import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The Docker image runs the standalone server; `npm start` uses `next start`,
  // which does not serve a standalone build, so it is only built when asked.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // PGlite ships WASM and data files that must be loaded from node_modules as-is.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg"],
  poweredByHeader: false,
  // Catalog feed files are uploaded through a server action (limit 20 MB in lib/catalog).
  experimental: { serverActions: { bodySizeLimit: "21mb" }, proxyClientMaxBodySize: "21mb" },
  // Lets several builds live side by side (parallel work trees, CI next to a dev server).
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
