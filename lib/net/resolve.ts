// The one outbound-connection guard of the app (server-side request forgery):
// a user-supplied host is resolved once, every address it resolves to must be
// public (address-policy.ts), and the caller connects to the address returned
// here, never to the name again, so a DNS answer that changes between the
// check and the connection (rebinding) cannot slip an internal address in.
import dns from "node:dns";
import { env } from "../env";
import { checkAddress, connectable, parseAddressLiteral, type CheckedAddress } from "./address-policy";

export type HostRefusal = "not-found" | "internal";

/** Why a host may not be connected to; `detail` is for the log only. */
export class HostNotAllowedError extends Error {
  constructor(
    readonly reason: HostRefusal,
    readonly host: string,
    readonly detail: string,
  ) {
    super(reason === "internal" ? `${host} resolves to a non-public address` : `${host} could not be resolved`);
  }
}

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

/** Read at call time so that tests can replace dns.promises.lookup. */
const systemLookup: Lookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

export interface ResolveOptions {
  /** FEED_ALLOW_PRIVATE_HOSTS (tests only; production refuses it): any address is accepted. */
  allowPrivate?: boolean;
  lookup?: Lookup;
}

/**
 * The address to connect to for `host` (a literal in any spelling, with or
 * without IPv6 brackets, or a DNS name). Throws HostNotAllowedError when the
 * name does not resolve or when any of its addresses is not public.
 */
export async function resolvePublicHost(host: string, options: ResolveOptions = {}): Promise<CheckedAddress> {
  const allowPrivate = options.allowPrivate ?? env().FEED_ALLOW_PRIVATE_HOSTS;
  const literal = parseAddressLiteral(host);
  const answers = literal ? [literal.toString()] : await lookupAll(host, options.lookup ?? systemLookup);
  if (allowPrivate) {
    const first = parseAddressLiteral(answers[0]);
    if (!first) throw new HostNotAllowedError("not-found", host, `unreadable answer ${answers[0]}`);
    return connectable(first);
  }
  let chosen: CheckedAddress | undefined;
  for (const verdict of answers.map(checkAddress)) {
    if (!verdict.allowed) throw new HostNotAllowedError("internal", host, `${verdict.address} is ${verdict.range}`);
    chosen ??= { address: verdict.address, family: verdict.family };
  }
  return chosen!;
}

async function lookupAll(host: string, lookup: Lookup): Promise<string[]> {
  try {
    const answers = await lookup(host);
    if (answers.length === 0) throw new Error("no addresses");
    return answers.map((a) => a.address);
  } catch (err) {
    throw new HostNotAllowedError("not-found", host, err instanceof Error ? err.message : String(err));
  }
}
