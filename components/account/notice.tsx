"use client";
// A short message after an account action (shell.md 9: alerts clear after 2500 ms).
import { FlashMessage, useFlashMessage, type FlashValue } from "@/components/common/flash-message";

export const NOTICE_MS = 2500;

export type NoticeValue = FlashValue;

export function useNotice() {
  const { message, show } = useFlashMessage(NOTICE_MS);
  return { notice: message, show };
}

export function Notice({ notice }: { notice: NoticeValue | null }) {
  return <FlashMessage message={notice} testId="account-notice" className="max-w-sm" />;
}
