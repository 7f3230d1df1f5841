// A single field (or form, with an empty path) message that toActionError
// turns into a 400 with that message, exactly like a failed schema rule.
export { validationError } from "../data/action-result";
