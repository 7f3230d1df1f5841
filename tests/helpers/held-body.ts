// A request body the test releases piece by piece: `head` at once, then one
// chunk of `chunkBytes` per more(), then `tail` and the end on end(). Lets a
// test hold uploads in progress (the per-user upload caps) for as long as it likes.
export function heldBody(head: Uint8Array, tail: Uint8Array, chunkBytes = 256 * 1024) {
  let permits = 0;
  let ended = false;
  let wake: (() => void) | undefined;
  let sentHead = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHead) {
        sentHead = true;
        return controller.enqueue(head);
      }
      while (permits === 0 && !ended) await new Promise<void>((r) => (wake = r));
      if (permits > 0) {
        permits--;
        return controller.enqueue(new Uint8Array(chunkBytes).fill(3));
      }
      controller.enqueue(tail);
      controller.close();
    },
  });
  return {
    stream,
    more: () => {
      permits++;
      wake?.();
    },
    end: () => {
      ended = true;
      wake?.();
    },
  };
}
