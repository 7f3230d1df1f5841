// A promise raced against a timer, the timer always cleared. Low and pure:
// callers decide what running out of time means (an answer, a skip, a cut-off).

/** `promise`'s value, or "timeout" when it has not settled within `ms` (it keeps running). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | "timeout"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
