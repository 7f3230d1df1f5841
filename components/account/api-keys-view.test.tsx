/**
 * @jest-environment jsdom
 */
// The Generate API Key form as the user meets it: an expiry (30, 90, 365 days;
// 90 preselected) and a scope (read-only preselected) are chosen with the
// name and sent to the server; the server's message for a field lands beside
// that field. The list shows each key's scope, expiry and status.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ApiKeysView } from "./api-keys-view";
import { createApiKeyAction } from "@/lib/account/actions";
import type { ApiKeyView } from "@/lib/account/api-key-schema";

jest.mock("@/lib/account/actions", () => ({
  createApiKeyAction: jest.fn(),
  revokeApiKeyAction: jest.fn(),
  endSessionAction: jest.fn(),
}));
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));
const create = createApiKeyAction as jest.MockedFunction<typeof createApiKeyAction>;

const created: ApiKeyView = {
  id: 1,
  name: "Sync",
  prefix: "abcd1234",
  scope: "READ_WRITE",
  createdAt: "2026-01-01T10:00:00.000Z",
  expiresAt: "2027-01-01T10:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
  status: "ACTIVE",
};

beforeEach(() => create.mockReset());

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

test("expiry and scope offer the allowed choices, preselected to 90 days and read-only", () => {
  render(<ApiKeysView keys={[]} canCreate />);
  expect([...select("Expires after").options].map((o) => o.text)).toEqual(["30 days", "90 days", "365 days"]);
  expect(select("Expires after").value).toBe("90");
  expect([...select("Access").options].map((o) => o.text)).toEqual(["Read-only", "Read-write"]);
  expect(select("Access").value).toBe("READ_ONLY");
  expect(screen.getByTestId("api-key-revocation-note").textContent).toBe(
    "Changing your password or ending all sessions also revokes your API keys.",
  );
});

test("the chosen expiry and scope are sent with the name, and the new key is shown once", async () => {
  create.mockResolvedValue({ ok: true, data: { key: created, secret: "dsp_abcd1234_secret" } });
  render(<ApiKeysView keys={[]} canCreate />);
  fireEvent.change(screen.getByLabelText("Key name"), { target: { value: "Sync" } });
  fireEvent.change(select("Expires after"), { target: { value: "365" } });
  fireEvent.change(select("Access"), { target: { value: "READ_WRITE" } });
  fireEvent.click(screen.getByRole("button", { name: "Generate API Key" }));
  await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
  expect(create).toHaveBeenCalledWith({ name: "Sync", expiresInDays: "365", scope: "READ_WRITE", idempotencyKey: expect.any(String) });
  expect((await screen.findByTestId("api-key-secret")).textContent).toBe("dsp_abcd1234_secret");
});

test("the defaults are sent when nothing else is chosen", async () => {
  create.mockResolvedValue({ ok: true, data: { key: created, secret: "dsp_x" } });
  render(<ApiKeysView keys={[]} canCreate />);
  fireEvent.change(screen.getByLabelText("Key name"), { target: { value: "Reports" } });
  fireEvent.click(screen.getByRole("button", { name: "Generate API Key" }));
  await waitFor(() => expect(create).toHaveBeenCalledWith({ name: "Reports", expiresInDays: "90", scope: "READ_ONLY", idempotencyKey: expect.any(String) }));
});

test("the server's message about the expiry is shown beside the expiry", async () => {
  create.mockResolvedValue({ ok: false, status: 400, fieldErrors: { expiresInDays: "Choose 30, 90 or 365 days" } });
  render(<ApiKeysView keys={[]} canCreate />);
  fireEvent.change(screen.getByLabelText("Key name"), { target: { value: "Reports" } });
  fireEvent.click(screen.getByRole("button", { name: "Generate API Key" }));
  expect(await screen.findByText("Choose 30, 90 or 365 days")).toBeTruthy();
  expect(select("Expires after").getAttribute("aria-invalid")).toBe("true");
});

test("the list shows scope, expiry and whether a key is active, expired or revoked", () => {
  render(
    <ApiKeysView
      canCreate={false}
      keys={[
        created,
        { ...created, id: 2, name: "Old", scope: "READ_ONLY", expiresAt: "2026-02-01T10:00:00.000Z", status: "EXPIRED" },
        { ...created, id: 3, name: "Gone", revokedAt: "2026-01-02T10:00:00.000Z", status: "REVOKED" },
      ]}
    />,
  );
  const rows = screen.getAllByTestId("api-key-row").map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent));
  expect(rows.map((cells) => [cells[0], cells[2], cells[4], cells[6]])).toEqual([
    ["Sync", "Read-write", "1 Jan 2027 10:00 UTC", "Active"],
    ["Old", "Read-only", "1 Feb 2026 10:00 UTC", "Expired"],
    ["Gone", "Read-write", "1 Jan 2027 10:00 UTC", "Revoked"],
  ]);
  expect((select("Access").closest("fieldset") as HTMLFieldSetElement).disabled).toBe(true);
});
