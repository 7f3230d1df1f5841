// A local HTTP server that a test file's code under test fetches from (with
// FEED_ALLOW_PRIVATE_HOSTS the address guard lets 127.0.0.1 through).
import http from "node:http";
import type { AddressInfo } from "node:net";

/** Serves `handler` on a free port of 127.0.0.1 for the file's tests; `base` is http://127.0.0.1:<port> once they run. */
export function useLocalServer(handler: http.RequestListener): { readonly base: string } {
  const local = { base: "" };
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    local.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return local;
}
