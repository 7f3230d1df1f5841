// Sub-domain rules of shell.md section 1. Pure: used by proxy.ts, the root
// layout and tests.
//
// - The port is stripped; the sub-domain is the first host label.
// - It is empty when the host has no dot, or the first label is a placeholder
//   (example, lvh, www). IP literals (IPv4, bracketed IPv6) have no sub-domain.
// - Callers fall back to the default sub-domain 'default' when it is empty.

export const DEFAULT_SUBDOMAIN = "default";
export const PLACEHOLDER_LABELS: readonly string[] = ["example", "lvh", "www"];

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Host name without port, lower-cased; bracketed IPv6 kept with its brackets. */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) {
    const end = h.indexOf("]");
    return end === -1 ? h : h.slice(0, end + 1);
  }
  const colon = h.indexOf(":");
  return colon === -1 ? h : h.slice(0, colon);
}

/** The first host label, or '' when the host has none usable as a sub-domain. */
export function subdomainFromHost(host: string | null | undefined): string {
  if (!host) return "";
  const name = hostName(host).replace(/\.$/, ""); // fully qualified "acme.example.com."
  if (!name || name.startsWith("[") || IPV4.test(name)) return "";
  if (!name.includes(".")) return "";
  const first = name.split(".")[0];
  if (!first || PLACEHOLDER_LABELS.includes(first)) return "";
  return first;
}

/** The sub-domain of a host, or 'default' when it has none. */
export function resolveSubdomain(host: string | null | undefined): string {
  return subdomainFromHost(host) || DEFAULT_SUBDOMAIN;
}
