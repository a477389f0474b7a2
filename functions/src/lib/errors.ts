/**
 * Typed errors a service throws; the handler wrapper maps each to its HTTP status and a `{message}` body.
 * Anything else is unexpected: logged, reported, and answered with a generic 500.
 */
export abstract class HttpError extends Error {
  abstract readonly status: number;
  constructor(
    message: string,
    readonly errors?: Array<{ field?: string; msg: string }>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  readonly status = 400;
}
export class UnauthorizedError extends HttpError {
  readonly status = 401;
}
export class ForbiddenError extends HttpError {
  readonly status = 403;
}
export class NotFoundError extends HttpError {
  readonly status = 404;
}
export class MethodNotAllowedError extends HttpError {
  readonly status = 405;
}
export class ConflictError extends HttpError {
  readonly status = 409;
}
export class PayloadTooLargeError extends HttpError {
  readonly status = 413;
}
export class TooManyRequestsError extends HttpError {
  readonly status = 429;
}
/** A dependency (mail, payments) failed in a way the caller may retry. */
export class ServiceUnavailableError extends HttpError {
  readonly status = 503;
}
