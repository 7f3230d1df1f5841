import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: "node",
  // Unit tests live beside their modules; integration tests in tests/integration.
  roots: ["<rootDir>/lib", "<rootDir>/components", "<rootDir>/tests/integration"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    "^server-only$": "<rootDir>/tests/helpers/empty-module.ts",
  },
  globalSetup: "<rootDir>/tests/helpers/global-setup.ts",
  testTimeout: 30000,
  maxWorkers: 2,
  // A worker grows to 1.7 GB over a run (every test file loads its own PGlite
  // and Prisma client) and slows as it grows: the database tests took 393 s with
  // workers kept, 322 s with each replaced once it idles above this.
  workerIdleMemoryLimit: "900MB",
};

// next/jest adds its own node_modules ignore pattern: replace it so ESM-only
// packages get transformed.
export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  resolved.transformIgnorePatterns = [
    "/node_modules/(?!(@tanstack|next-auth|@auth|jose|oauth4webapi|preact|preact-render-to-string|pg-boss|serialize-error|non-error|rrule-temporal|temporal-spec|file-type|strtok3|token-types|uint8array-extras|@tokenizer|@borewit|d3-geo|d3-array|internmap|iso-3166)/)",
  ];
  return resolved;
}
