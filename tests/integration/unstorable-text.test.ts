// Text PostgreSQL cannot store (a NUL, a lone surrogate) never answers 500:
// the four REST routes that did (a strategy template's create, a creative's
// PATCH, a strategy's clone, the apps check) answer 400 with the message
// beside the field and change nothing, both as deployed (the JSON body reader
// refuses such text first) and with that reader's guard switched off, which
// leaves the schemas' own rule (lib/validation/z.ts) to refuse it. Server
// actions called from forms never pass through that reader: one is called
// here the way a form calls it.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { requireSession } from "@/lib/auth/session";
import { strangeTextPath } from "@/lib/net/body-rules";
import { createStrategy } from "@/lib/strategies/mutations";
import { saveStrategyTemplateAction } from "@/lib/strategy-templates/actions";
import { STRANGE_TEXT_MESSAGE } from "@/lib/validation/strange-text";
import { VALIDATION_ERROR_MESSAGE } from "@/lib/actions/result";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi, type ApiAnswer } from "../helpers/rest-api";
import { strategyInput, strategyWorld } from "./strategy-world";

jest.mock("@/lib/auth/session", () => ({ ...jest.requireActual("@/lib/auth/session"), requireSession: jest.fn() }));
jest.mock("@/lib/net/body-rules", () => {
  const actual = jest.requireActual("@/lib/net/body-rules");
  return { ...actual, strangeTextPath: jest.fn(actual.strangeTextPath) };
});

useTestDatabase();

const UNSTORABLE: [string, string][] = [
  ["a NUL", "Retargeting\u0000EU"],
  ["a lone surrogate", "Retargeting \uD83D EU"],
];

async function world() {
  const w = await strategyWorld();
  const source = await createStrategy(w, strategyInput(w));
  const otherCampaign = await f.makeCampaign(w.advertiser, { objective: "MOBILE_APP_INSTALLS", name: "Autumn" });
  const key = (await createApiKey(scopeOf(w.ctx), { name: "rw", scope: "READ_WRITE" })).secret;
  return { ...w, source, otherCampaign, key };
}
type World = Awaited<ReturnType<typeof world>>;

/** What an image creative must carry besides its name (the factory's has none). */
const IMAGE_IDENTIFIERS = { kktuCode: "KKTU-12345", person: "Jane Doe", erId: "ER-12345" };

/** The four routes, each with the body field holding `text`. */
function requests(w: World, text: string): [string, string, () => Promise<ApiAnswer>][] {
  return [
    ["POST /strategy-templates", "templateName", () => callApi("POST", "/strategy-templates", w.key, { strategyId: w.source.id, templateName: text, description: "EU apps" })],
    ["PATCH /creatives/{id}", "name", () => callApi("PATCH", `/creatives/${w.creative.id}`, w.key, { version: w.creative.version, name: text, ...IMAGE_IDENTIFIERS })],
    ["POST /strategies/{id}/clone", "name", () => callApi("POST", `/strategies/${w.source.id}/clone`, w.key, { name: text, campaignId: w.otherCampaign.id })],
    ["POST /apps/validate", "sites.1", () => callApi("POST", "/apps/validate", w.key, { sites: ["com.example.game", text] })],
  ];
}

async function stored() {
  return {
    templates: await db.strategyTemplate.count(),
    strategies: await db.strategy.count(),
    creativeNames: (await db.creative.findMany({ select: { name: true, version: true }, orderBy: { id: "asc" } })).map((c) => [c.name, c.version]),
    activity: await db.activityLog.count(),
  };
}

describe.each([
  ["as deployed (the body reader refuses it first)", false],
  ["by the schemas alone (the body reader's guard switched off)", true],
])("refused %s", (_how, readerGuardOff) => {
  beforeEach(() => {
    const actual = jest.requireActual<typeof import("@/lib/net/body-rules")>("@/lib/net/body-rules");
    jest.mocked(strangeTextPath).mockImplementation(readerGuardOff ? () => null : actual.strangeTextPath);
  });

  test.each(UNSTORABLE)("%s: each route answers 400 with the message beside the field, and stores nothing", async (_name, text) => {
    const w = await world();
    const before = await stored();
    const answers = [];
    const expected = [];
    for (const [operation, field, send] of requests(w, text)) {
      const answer = await send();
      answers.push({ operation, status: answer.status, fieldErrors: (answer.body as { error?: { fieldErrors?: unknown } }).error?.fieldErrors });
      expected.push({ operation, status: 400, fieldErrors: { [field]: STRANGE_TEXT_MESSAGE } });
    }
    expect(answers).toEqual(expected);
    expect(await stored()).toEqual(before);
    // The same requests with emoji in place of the broken one go through: the refusal was the text's.
    const answered = [];
    for (const [operation, , send] of requests(w, "Retargeting EU 😀")) answered.push([operation, (await send()).status]);
    expect(answered).toEqual([
      ["POST /strategy-templates", 201],
      ["PATCH /creatives/{id}", 200],
      ["POST /strategies/{id}/clone", 200],
      ["POST /apps/validate", 200],
    ]);
  });
});

test("a server action called from a form refuses it beside the field, and stores nothing", async () => {
  const w = await world();
  jest.mocked(requireSession).mockResolvedValue(w.ctx);
  const before = await stored();
  for (const [, text] of UNSTORABLE) {
    expect(await saveStrategyTemplateAction({ strategyId: w.source.id, templateName: text, description: null })).toEqual({
      ok: false,
      status: 400,
      fieldErrors: { templateName: STRANGE_TEXT_MESSAGE },
      formError: VALIDATION_ERROR_MESSAGE,
    });
    expect(await saveStrategyTemplateAction({ strategyId: w.source.id, templateName: "EU apps", description: text })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { description: STRANGE_TEXT_MESSAGE },
    });
  }
  expect(await stored()).toEqual(before);
  expect(await saveStrategyTemplateAction({ strategyId: w.source.id, templateName: "EU apps 😀", description: null })).toMatchObject({ ok: true });
});
