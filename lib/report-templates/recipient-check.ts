// The recipient rule of ./recipients.ts against the database: the licensee's
// allowed domains, and which of the given addresses belong to its users (an
// active account with a membership in it). Memberships and users are system
// tables: the mutations pass their transaction's raw client
// (systemTransaction), the runner its own; only the addresses asked about are
// looked up, never the licensee's whole user list.
import type { Tx } from "../db";
import { validationError } from "../validation/errors";
import { RECIPIENT_REFUSED, refusedRecipients, type RecipientRule } from "./recipients";

type RuleClient = Pick<Tx, "licensee" | "membership">;

export interface RecipientCheck {
  rule: RecipientRule;
  /** The recipients neither a user of the licensee nor at an allowed domain, in their order. */
  refused: string[];
}

export async function checkRecipients(client: RuleClient, licenseeId: number, recipients: readonly string[]): Promise<RecipientCheck> {
  const licensee = await client.licensee.findUnique({ where: { id: licenseeId }, select: { name: true, reportRecipientDomains: true } });
  const rule: RecipientRule = { licenseeName: licensee?.name ?? "", domains: licensee?.reportRecipientDomains ?? [] };
  if (recipients.length === 0) return { rule, refused: [] };
  const members = await client.membership.findMany({
    where: { licenseeId, user: { disabled: false, email: { in: [...recipients], mode: "insensitive" } } },
    select: { user: { select: { email: true } } },
  });
  const memberEmails = new Set(members.map((m) => m.user.email.toLowerCase()));
  return { rule, refused: refusedRecipients(recipients, rule.domains, memberEmails) };
}

/** Refuses a schedule whose recipients the rule does not admit: a message beside the recipients field naming them. */
export async function requireAllowedRecipients(client: RuleClient, licenseeId: number, recipients: readonly string[]): Promise<void> {
  const { refused } = await checkRecipients(client, licenseeId, recipients);
  if (refused.length > 0) throw validationError(["schedule", "recipients"], `${RECIPIENT_REFUSED}: ${refused.join(", ")}`);
}
