/**
 * An error a person may see: its status, a stable code for programs, and the product's own words.
 * Anything else thrown inside a handler is logged and becomes a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
