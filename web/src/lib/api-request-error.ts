/**
 * A failed API call, carrying the server's error body (shared/contracts/errors.ts). Kept apart from the
 * API client so that code which only checks `instanceof` (e.g. the query client's retry rule) does not
 * pull zod and the contracts into the main bundle.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** Machine-readable reason from the server, or one of the client's own: network_error, invalid_response, not_signed_in. */
    readonly code: string,
    /** Words for a person. */
    message: string,
    /** Per-field messages when the request body failed validation. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }

  /** 4xx: the request itself was wrong, so sending it again gives the same answer. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}
