/**
 * @jest-environment jsdom
 */
// A feed's edit form in its drawer as the user meets it: a save sends the
// feed's id and version and closes the form; a save refused because the feed
// changed meanwhile keeps what was typed, says so and offers the latest
// version; Cancel closes without saving.
import "@testing-library/jest-dom";
import { useEffect, useState } from "react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { updateFeedAction } from "@/lib/catalog/actions";
import type { FeedRow } from "@/lib/catalog/queries";
import { FeedEditForm } from "./feed-edit-form";

jest.mock("@/lib/catalog/actions", () => ({ updateFeedAction: jest.fn() }));
// The real module signs out through next-auth, which needs a server environment.
jest.mock("@/components/account/session-events", () => ({ expiredSession: (r: { ok: boolean; status?: number }) => !r.ok && r.status === 401 }));
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: jest.fn() }) }));
const update = updateFeedAction as jest.MockedFunction<typeof updateFeedAction>;

const FEED = {
  id: 11,
  advertiserId: 7,
  name: "Shoes feed",
  active: true,
  source: "shoes.csv (CSV)",
  sourceType: "FILE",
  format: "CSV",
  link: null,
  updateFrequencyHours: 24,
  version: 2,
} as unknown as FeedRow;

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn(); // jsdom has no layout
});
beforeEach(() => jest.clearAllMocks());

const nameInput = () => screen.getByLabelText("Name") as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));

/** The drawer's feed as the page gave it, read again by router.refresh() (here: `latest`). */
function Drawer({ latest = FEED, onDone }: { latest?: FeedRow; onDone(saved: boolean): void }) {
  const [feed, setFeed] = useState(FEED);
  useEffect(() => void refresh.mockImplementation(() => setFeed(latest)), [latest]);
  return <FeedEditForm feed={feed} onDone={onDone} />;
}

test("a save sends the feed's id and version with the values and closes the form; Cancel closes without saving", async () => {
  const onDone = jest.fn();
  update.mockResolvedValue({ ok: true, data: { id: 11 } });
  render(<Drawer onDone={onDone} />);
  fireEvent.change(nameInput(), { target: { value: "Boots feed" } });
  fireEvent.change(screen.getByLabelText("Update frequency"), { target: { value: "6" } });
  save();
  await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
  expect(update).toHaveBeenCalledWith(expect.objectContaining({ advertiserId: 7, id: 11, version: 2, name: "Boots feed", updateFrequencyHours: 6 }));

  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(onDone).toHaveBeenLastCalledWith(false);
  expect(update).toHaveBeenCalledTimes(1);
});

test("a save refused because the feed changed meanwhile keeps the typed values and shows the conflict; Reload brings the latest version", async () => {
  const onDone = jest.fn();
  update.mockResolvedValue({ ok: false, status: 409, formError: "This feed was changed by someone else. Reload it and try again." });
  render(<Drawer onDone={onDone} latest={{ ...FEED, name: "Sneakers feed", version: 3 }} />);
  fireEvent.change(nameInput(), { target: { value: "Boots feed" } });
  save();

  expect(await screen.findByTestId("edit-feed-conflict")).toHaveTextContent("Your changes are still in the form. Reloading shows the latest saved version instead.");
  expect(screen.getByTestId("edit-feed-error")).toHaveTextContent("This feed was changed by someone else. Reload it and try again.");
  expect(nameInput()).toHaveValue("Boots feed");
  expect(onDone).not.toHaveBeenCalled();

  fireEvent.click(screen.getByTestId("edit-feed-reload"));
  expect(refresh).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(nameInput()).toHaveValue("Sneakers feed"));
  expect(screen.queryByTestId("edit-feed-conflict")).not.toBeInTheDocument();
});
