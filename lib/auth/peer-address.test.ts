// The connection's address reaches the app through the HTTP server itself
// (Node's http.server.request.start channel), so with no proxy configured a
// client cannot choose the address it is counted under.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { installPeerAddressStamp, normalizeIp, PEER_ADDRESS_HEADER, peerAddressFrom, stampPeerAddress } from "./peer-address";
import { clientIpFrom } from "./throttle";

function headersOf(req: http.IncomingMessage): Headers {
  const h = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") h.set(name, value);
  return h;
}

async function serveOnce(sent: Record<string, string>): Promise<{ clientIp: string | null; stamped: string | null }> {
  const server = http.createServer((req, res) => {
    const h = headersOf(req);
    res.end(JSON.stringify({ clientIp: clientIpFrom(h, 0), stamped: peerAddressFrom(h) }));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers: sent });
    return (await res.json()) as { clientIp: string | null; stamped: string | null };
  } finally {
    await new Promise((done) => server.close(done));
  }
}

test("once installed, every request carries its socket's address; spoofed headers change nothing", async () => {
  installPeerAddressStamp();
  installPeerAddressStamp(); // idempotent: one subscription
  expect(await serveOnce({})).toEqual({ clientIp: "127.0.0.1", stamped: "127.0.0.1" });
  expect(await serveOnce({ "X-Forwarded-For": "6.6.6.6", "X-Real-IP": "7.7.7.7", [PEER_ADDRESS_HEADER]: "9.9.9.9" })).toEqual({
    clientIp: "127.0.0.1",
    stamped: "127.0.0.1",
  });
});

test("addresses are written one way", () => {
  expect(normalizeIp("::ffff:10.1.2.3")).toBe("10.1.2.3");
  expect(normalizeIp("2001:0db8:0000::0001")).toBe("2001:db8::1");
  expect(normalizeIp("not an address")).toBe("not an address");
});

test("a server action Next forwards to itself over loopback keeps the sender's stamp; a forged one does not", () => {
  const headers: Record<string, string> = {};
  stampPeerAddress(headers, "203.0.113.8"); // the browser's request
  expect(peerAddressFrom(new Headers(headers))).toBe("203.0.113.8");
  stampPeerAddress(headers, "::ffff:127.0.0.1"); // the same headers, forwarded by this process
  expect(peerAddressFrom(new Headers(headers))).toBe("203.0.113.8");
  // A stamp this process did not write is replaced, even over loopback.
  const forged: Record<string, string> = { [PEER_ADDRESS_HEADER]: "0123456789abcdef0123456789abcdef 198.51.100.1" };
  stampPeerAddress(forged, "127.0.0.1");
  expect(peerAddressFrom(new Headers(forged))).toBe("127.0.0.1");
  // From another address, a valid stamp is replaced too.
  stampPeerAddress(headers, "198.51.100.2");
  expect(peerAddressFrom(new Headers(headers))).toBe("198.51.100.2");
});
