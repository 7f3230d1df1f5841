// Who may receive a licensee's scheduled reports: its own users, and addresses
// at the domains its operators allow (Licensee.reportRecipientDomains, empty by
// default, set with scripts/report-domains.ts). A domain matches exactly,
// case-insensitively: "example.com" does not admit "mail.example.com", so an
// allowed domain cannot be widened by whoever controls a sub-domain's DNS.
// The zod schema only checks the addresses' form; this rule needs the
// database, so the mutations apply it on save and the runner again at send
// time (./recipient-check.ts). Pure: safe in client components.

/** What the schedule form shows and the checks apply. */
export interface RecipientRule {
  licenseeName: string;
  /** Lower case, exact match. */
  domains: string[];
}

export const RECIPIENT_REFUSED = "Not a user of this licensee or an allowed domain";

/** The hint beside the recipients field: "Recipients: users of Acme[, or addresses at a.example, b.example]". */
export function recipientRuleText(rule: RecipientRule): string {
  const domains = rule.domains.length > 0 ? `, or addresses at ${rule.domains.join(", ")}` : "";
  return `Recipients: users of ${rule.licenseeName}${domains}`;
}

/** The domain of an address (after its last "@"), lower case. */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase();
}

/**
 * The recipients the rule refuses, in their order: neither one of
 * `memberEmails` (the licensee's users among them, lower case) nor at one of
 * the allowed domains.
 */
export function refusedRecipients(recipients: readonly string[], domains: readonly string[], memberEmails: ReadonlySet<string>): string[] {
  const allowed = new Set(domains.map((d) => d.toLowerCase()));
  return recipients.filter((r) => !memberEmails.has(r.toLowerCase()) && !allowed.has(domainOf(r)));
}

// A host name of letters, digits and hyphens, with at least one dot and a
// top-level part of letters (the same shape EMAIL_RE accepts after the "@").
const DOMAIN_RE = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,10}$/;

/** A comma-separated list of domains as operators type it: lower-cased, unique; the first bad entry is named. */
export function parseDomainList(text: string): { ok: true; domains: string[] } | { ok: false; error: string } {
  const parts = [...new Set(text.split(",").map((d) => d.trim().toLowerCase()).filter(Boolean))];
  const bad = parts.find((d) => !DOMAIN_RE.test(d) || d.length > 253);
  if (bad !== undefined) return { ok: false, error: `not a domain name: ${bad} (write example.com, without "@", "*" or a scheme)` };
  return { ok: true, domains: parts };
}
