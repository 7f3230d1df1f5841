// Errors the data gate raises. Route handlers and server actions map them to
// HTTP statuses / form messages with toActionError().
export class NotFoundError extends Error {
  readonly status = 404;
  constructor(what = "Record") {
    super(`${what} not found`);
  }
}

export class ForbiddenError extends Error {
  readonly status = 403;
  constructor(message = "You do not have permission to change this") {
    super(message);
  }
}

export class UnauthenticatedError extends Error {
  readonly status = 401;
  constructor(message = "Your current session has expired! Please log in again.") {
    super(message);
  }
}

export class ConflictError extends Error {
  readonly status = 409;
  constructor(message = "This record was changed by someone else. Reload it and try again.") {
    super(message);
  }
}

/** A request body over its route's cap: refused, and the rest of it not read. */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor(readonly limitBytes: number) {
    super(`The request body is larger than this route accepts (${formatLimit(limitBytes)})`);
  }
}

function formatLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export type GateError = NotFoundError | ForbiddenError | UnauthenticatedError | ConflictError | BodyTooLargeError;

export function isGateError(e: unknown): e is GateError {
  return (
    e instanceof NotFoundError ||
    e instanceof ForbiddenError ||
    e instanceof UnauthenticatedError ||
    e instanceof ConflictError ||
    e instanceof BodyTooLargeError
  );
}
