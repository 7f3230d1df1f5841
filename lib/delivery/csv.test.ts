import { bodyStream, BodyTooLargeError } from "../net/read-body";
import { CSV_UNREADABLE, readDeliveryCsv } from "./csv";
import { DELIVERY_MESSAGES, MAX_BATCH_ROWS } from "./schema";

const request = (text: string) => new Request("http://localhost/api/v1/delivery", { method: "POST", body: text, headers: { "content-type": "text/csv" } });

test("rows come with their cells trimmed, header names too", async () => {
  const { rows } = await readDeliveryCsv(bodyStream(request("\uFEFF hour , impressions\n2030-11-01T10:00:00Z ,  7 \n\n")));
  expect(rows).toEqual([{ hour: "2030-11-01T10:00:00Z", impressions: "7" }]);
});

test("a body past its cap stops the parse with the cap's error, not as unreadable CSV", async () => {
  const line = `2030-11-01T10:00:00Z,1,${" ".repeat(200)}1\n`;
  const text = `hour,strategyId,impressions\n${line.repeat(5_000)}`;
  await expect(readDeliveryCsv(bodyStream(request(text), 100_000))).rejects.toBeInstanceOf(BodyTooLargeError);
});

test("more rows than a batch holds: the field's message; a line longer than any row: unreadable", async () => {
  const many = `impressions\n${"1\n".repeat(MAX_BATCH_ROWS + 1)}`;
  await expect(readDeliveryCsv(bodyStream(request(many)))).rejects.toMatchObject({ issues: [{ path: ["rows"], message: DELIVERY_MESSAGES.tooMany }] });
  await expect(readDeliveryCsv(bodyStream(request(`impressions\n${" ".repeat(200_000)}1\n`)))).rejects.toMatchObject({ issues: [{ message: CSV_UNREADABLE }] });
});
