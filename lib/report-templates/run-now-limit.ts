// How often "Run now" may mail a report: REPORT_RUN_NOW_PER_TEMPLATE runs per
// template within REPORT_RUN_NOW_TEMPLATE_WINDOW_MINUTES, and
// REPORT_RUN_NOW_PER_USER per user within REPORT_RUN_NOW_USER_WINDOW_MINUTES
// (lib/env), counted in the database by the shared limiter so every
// container counts together. Past either: RateLimitedError, which the page
// shows as a message and the REST API answers 429 with Retry-After. Scheduled
// runs are not counted: their pace is the schedule's.
import { env } from "../env";
import { RateLimitedError } from "../rate-limit/errors";
import { consumeSharedLimit, type RateLimitRule } from "../rate-limit/shared";

interface RunNowRule {
  rule: RateLimitRule;
  /** What the caller reads past the limit. */
  refusal(retryAfterSeconds: number): string;
}

function minutesText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

function runNowRules(): { template: RunNowRule; user: RunNowRule } {
  const config = env();
  const perTemplate = config.REPORT_RUN_NOW_PER_TEMPLATE;
  const templateMinutes = config.REPORT_RUN_NOW_TEMPLATE_WINDOW_MINUTES;
  const perUser = config.REPORT_RUN_NOW_PER_USER;
  const userMinutes = config.REPORT_RUN_NOW_USER_WINDOW_MINUTES;
  return {
    template: {
      rule: { name: "report-run-now-template", points: perTemplate, windowSeconds: templateMinutes * 60 },
      refusal: (s) => `This report can be run now at most ${perTemplate} times in ${minutesText(templateMinutes * 60)}. Try again in ${minutesText(s)}.`,
    },
    user: {
      rule: { name: "report-run-now-user", points: perUser, windowSeconds: userMinutes * 60 },
      refusal: (s) => `You can run reports now at most ${perUser} times in ${minutesText(userMinutes * 60)}. Try again in ${minutesText(s)}.`,
    },
  };
}

/**
 * Counts one "Run now" of `templateId` by `userId`, or refuses it. Called
 * only once the caller may run the template (its own licensee's, scheduled),
 * so nobody can use up another licensee's runs; outside any transaction (the
 * counter is its own statement on the shared database).
 */
export async function consumeRunNow(templateId: number, userId: number): Promise<void> {
  const rules = runNowRules();
  for (const [limit, key] of [
    [rules.template, String(templateId)],
    [rules.user, String(userId)],
  ] as const) {
    const decision = await consumeSharedLimit(limit.rule, key);
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds, limit.refusal(decision.retryAfterSeconds));
  }
}
