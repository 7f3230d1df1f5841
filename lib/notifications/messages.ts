// Texts and result codes of the notification panel (shell.md 7, 8). Pure:
// shared by the server mutations and the client panel.

/** shell.md 7: result code 100 means success. */
export const SUCCESS_CODE = 100;

export const NOTIFICATION_MESSAGES = {
  markedAll: "Marked as read successfully.",
  partialFailure: "Failed to mark a few notifications as read. Please mark them as read individually.",
  callFailed: "Unable to mark the notifications as read. Please try again later.",
} as const;

export interface MarkResult {
  code: number;
  message: string;
}

/** The message "Mark all as read" shows for a map of per-notification results. */
export function groupReadMessage(results: Record<string, MarkResult>): { ok: boolean; message: string } {
  const allOk = Object.values(results).every((r) => r.code === SUCCESS_CODE);
  return allOk
    ? { ok: true, message: NOTIFICATION_MESSAGES.markedAll }
    : { ok: false, message: NOTIFICATION_MESSAGES.partialFailure };
}
