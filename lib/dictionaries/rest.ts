// POST /api/v1/dictionaries/{kind} (business.md 7 "Dictionaries: POST by kind
// with page 0 and size 1000"; shell.md 7 "Dictionary list"): the query's page,
// size, sort and refresh with the body's searchRequest filters, answered as
// { totalNoOfRecords, data } in the envelope, by the console's own read action.
import "server-only";
import { z } from "../validation/z";
import { executeAction } from "../actions/define-action";
import { readJsonBody } from "../net/read-body";
import { defineOperation, type RestOperation } from "../rest/operation";
import { dictionaryAction } from "./actions";
import { DICTIONARY_KIND_NAMES, DICTIONARY_KINDS, DictionaryBodySchema, DictionaryPageSchema, DictionaryQuerySchema } from "./schema";

const KIND_FILTERS = DICTIONARY_KIND_NAMES.map((kind) => `${kind}: ${["name", ...DICTIONARY_KINDS[kind].columns].join(", ")}`).join("; ");

const DictionaryPathSchema = z.object({
  kind: z.string().meta({ description: `One of ${DICTIONARY_KIND_NAMES.join(", ")}; another is 404.` }),
});

export const dictionaryOperation: RestOperation = defineOperation({
  method: "POST", path: "/dictionaries/{kind}", access: "read", operationId: "listDictionary", tags: ["dictionaries"],
  summary: "A page of a dictionary: values and labels for targeting (device brands and models, content genres and languages, intents, product categories, deals)",
  description:
    `Filters (column, value) per kind: ${KIND_FILTERS}. "name" matches part of a label or value, case-insensitive; a column sent several times ` +
    "matches any of its values. product_category needs advertiserId (an advertiser of the caller's licensee). Page from 0, size at most 1000. " +
    "Changes nothing; a POST, so read-only API keys are refused it.",
  params: DictionaryPathSchema,
  query: DictionaryQuerySchema,
  body: DictionaryBodySchema,
  response: { description: "The page and the count over all pages.", schema: DictionaryPageSchema },
  errors: [400, 403, 404],
  handle: async ({ ctx, request, params: { kind } }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const body = DictionaryBodySchema.parse(await readJsonBody(request));
    return executeAction(dictionaryAction.definition, ctx, { ...query, kind, filters: body.searchRequest.filters });
  },
});
