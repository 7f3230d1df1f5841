"use server";
// The dictionaries' read for the console (the strategy wizard's pickers);
// POST /api/v1/dictionaries/{kind} (./rest.ts) runs the same definition.
import { defineReadAction } from "../actions/define-action";
import { loadDictionary } from "./queries";
import { DictionaryRequestSchema, type DictionaryPage } from "./schema";

export const dictionaryAction = defineReadAction("dictionary.list", DictionaryRequestSchema, ({ db, input }): Promise<DictionaryPage> => loadDictionary(db, input));
