// Which network addresses the server may connect to on a user's behalf (feed
// links today; any future outbound fetch of a user-supplied host). Parsing and
// range classification are ipaddr.js's: it reads every spelling of an IPv4
// address that the C library would (decimal 2130706433, hex 0x7f000001, octal
// 0177.0.0.1, short 127.1) and knows the special-purpose ranges.
//
// The rule is an allow-list: IPv4 addresses outside every special range, and
// IPv6 global unicast (2000::/3) outside every special range. IPv4-mapped IPv6
// (::ffff:a.b.c.d) is judged as the IPv4 address it carries; every other IPv6
// form that embeds an IPv4 address (IPv4-compatible ::a.b.c.d, translated
// ::ffff:0:a.b.c.d, NAT64 64:ff9b::, 6to4, Teredo) is refused outright.
import ipaddr from "ipaddr.js";

export type AddressFamily = 4 | 6;

export interface CheckedAddress {
  /** Canonical text of the address to connect to (IPv4 dotted quad, IPv6 without brackets). */
  address: string;
  family: AddressFamily;
}

/** ipaddr.js range names, plus ours for IPv6 outside global unicast. */
export type AddressRange = string;

export type AddressVerdict = ({ allowed: true } & CheckedAddress) | { allowed: false; address: string; range: AddressRange };

/** 2000::/3, the only IPv6 block handed out for global unicast. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * The address a host part of a link names literally, in any spelling, or null
 * when it is a DNS name. Accepts IPv6 with or without brackets.
 */
export function parseAddressLiteral(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
}

/** The address as a socket wants it: IPv4-mapped IPv6 becomes its IPv4 address. */
export function connectable(address: ipaddr.IPv4 | ipaddr.IPv6): CheckedAddress {
  if (address.kind() === "ipv6") {
    const v6 = address as ipaddr.IPv6;
    return v6.isIPv4MappedAddress() ? connectable(v6.toIPv4Address()) : { address: v6.toString(), family: 6 };
  }
  return { address: address.toString(), family: 4 };
}

/** Judges one address (a literal from a link or an answer from DNS). Unparseable text is refused. */
export function checkAddress(text: string): AddressVerdict {
  const parsed = parseAddressLiteral(text);
  if (!parsed) return { allowed: false, address: text, range: "invalid" };
  return judge(parsed);
}

function judge(address: ipaddr.IPv4 | ipaddr.IPv6): AddressVerdict {
  if (address.kind() === "ipv6") {
    const v6 = address as ipaddr.IPv6;
    // Judged as the IPv4 address it carries; the connection goes to that IPv4 address.
    if (v6.isIPv4MappedAddress()) return judge(v6.toIPv4Address());
    const range = v6.range();
    if (range !== "unicast") return { allowed: false, address: v6.toString(), range };
    if (!v6.match(GLOBAL_UNICAST_V6)) return { allowed: false, address: v6.toString(), range: "notGlobalUnicast" };
    // A zone names a local interface: only meaningful for link-local addresses.
    if (v6.zoneId) return { allowed: false, address: v6.toString(), range: "zoned" };
    return { allowed: true, ...connectable(v6) };
  }
  const range = address.range();
  if (range !== "unicast") return { allowed: false, address: address.toString(), range };
  return { allowed: true, ...connectable(address) };
}

/**
 * The key a per-client limit counts a client under: its IPv4 address, or the
 * /64 network of an IPv6 address (one subscriber usually holds a whole /64
 * and can rotate through it: keyed by full address it would never be limited,
 * and could push every other client out of a bounded table). Text that is not
 * an address is its own key.
 */
export function clientLimitKey(ip: string): string {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  } catch {
    return ip;
  }
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}
