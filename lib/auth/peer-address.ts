// The address of the connection a request came in on, for the client-address
// rule with no proxy in front (TRUST_PROXY_HOPS=0, lib/auth/throttle.ts).
//
// Next's server (node_modules/next/dist/server/base-server.js) fills
// X-Forwarded-For with the socket's address only when the request has none
// (`req.headers['x-forwarded-for'] ??= socket.remoteAddress`): a client that
// sends its own header chooses its "address", and nothing else in the request
// Next hands to the app carries the socket. So the HTTP server itself stamps
// it: a subscriber to Node's `http.server.request.start` diagnostics channel
// (published before the request reaches Next) writes the socket's address
// into PEER_ADDRESS_HEADER, replacing whatever the client sent under that
// name. The value carries a random token of this process, so a client-written
// header can never pass for a stamped one, even if the subscriber was not
// installed. instrumentation.ts installs it when the server starts.
import crypto from "node:crypto";
import diagnosticsChannel from "node:diagnostics_channel";
import ipaddr from "ipaddr.js";

export const PEER_ADDRESS_HEADER = "x-dsp-peer-address";

// On globalThis: Next evaluates a server module once per bundle (instrumentation,
// proxy, route handlers, pages), and all of them must agree on the token.
const STATE = Symbol.for("dsp.peerAddress");
type State = { token: string; installed: boolean };

function state(): State {
  const g = globalThis as { [STATE]?: State };
  g[STATE] ??= { token: crypto.randomBytes(16).toString("hex"), installed: false };
  return g[STATE];
}

/** IPv4 addresses as IPv4 (not "::ffff:1.2.3.4"), IPv6 in canonical form; anything else unchanged. */
export function normalizeIp(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
}

type RawHeaders = Record<string, string | string[] | undefined>;

/**
 * Writes the connection's address into a request's headers, replacing any
 * client-sent value. One exception: Next forwards a server action posted to a
 * page whose bundle lacks it to the right page, from this same process over
 * loopback, with the original headers. Such a request already carries a
 * stamp with this process's token (which no client can know): it is kept, so
 * the sender's address, not 127.0.0.1, reaches the throttle and the access log.
 */
export function stampPeerAddress(headers: RawHeaders, remoteAddress: string | undefined): void {
  if (remoteAddress && isLoopback(remoteAddress) && peerAddressFrom(rawHeaderReader(headers)) !== null) return;
  if (remoteAddress) headers[PEER_ADDRESS_HEADER] = `${state().token} ${normalizeIp(remoteAddress)}`;
  else delete headers[PEER_ADDRESS_HEADER];
}

function isLoopback(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === "loopback";
}

function rawHeaderReader(headers: RawHeaders): { get(name: string): string | null } {
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
    },
  };
}

/** The stamped connection address of a request, or null (none, or written by someone else). */
export function peerAddressFrom(headers: { get(name: string): string | null }): string | null {
  const value = headers.get(PEER_ADDRESS_HEADER);
  if (!value) return null;
  const space = value.indexOf(" ");
  const token = space > 0 ? value.slice(0, space) : "";
  const expected = state().token;
  if (token.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(token), Buffer.from(expected))) return null;
  return value.slice(space + 1) || null;
}

interface RequestStart {
  request: { headers: RawHeaders };
  socket?: { remoteAddress?: string };
}

function onRequestStart(message: unknown): void {
  const { request, socket } = message as RequestStart;
  stampPeerAddress(request.headers, socket?.remoteAddress);
}

/** Subscribes the stamping to every request this process's HTTP servers receive. Idempotent. */
export function installPeerAddressStamp(): void {
  const s = state();
  if (s.installed) return;
  diagnosticsChannel.subscribe("http.server.request.start", onRequestStart);
  s.installed = true;
}
