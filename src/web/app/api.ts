import type { ApiErrorBody } from '../../core/contracts/errors.ts';

/**
 * A failed API call. `message` is SPEC §8's form: the status code, a colon and space, then the body text
 * (or the status text when the body is empty). `serverMessage` and `fields` are read from the one error
 * shape (`{ error: { message, fields } }`) when the body has it.
 */
export class ApiError extends Error {
  readonly serverMessage: string | undefined;
  readonly fields: Record<string, string> | undefined;
  constructor(
    readonly status: number,
    bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    let parsed: Partial<ApiErrorBody> | undefined;
    try {
      parsed = JSON.parse(bodyText) as Partial<ApiErrorBody>;
    } catch {
      parsed = undefined;
    }
    this.serverMessage = parsed?.error?.message;
    this.fields = parsed?.error?.fields;
  }
}

/**
 * Calls the API with the session cookie (SPEC §7: credentials always sent; a JSON body only when present).
 * @returns the parsed JSON reply, or undefined for an empty one.
 * @throws ApiError for any non-OK status.
 */
export async function apiFetch<T>(
  path: string,
  options: { method?: string; body?: unknown } = {},
): Promise<T> {
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'include' };
  if (options.body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text, res.statusText);
  // The reply's shape is the contract of the call; callers name it with T.
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The server's message for a failed call when it sent one, else `fallback`. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
