/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload hook (tsx --require), so require is the only import there is */
// The bench and the simulator run the app's server modules in plain Node (not inside Next.js's
// server bundle), where the "server-only" marker package would throw: it is
// resolved to an empty module here, as jest does (tests/helpers/empty-module.ts).
const Module = require("node:module");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "server-only") return require.resolve("./empty.cjs");
  return resolve.call(this, request, ...rest);
};
