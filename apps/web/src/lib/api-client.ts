import type { z } from 'zod';
import { ErrorResponseSchema, type AppErrorCode, type ErrorResponse } from '@myeai/domain';
import { BUILD_HEADER, noteServerBuild } from './app-version.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: AppErrorCode | 'NETWORK';
  /** Per-field messages of a refused request (path = the body's field name). */
  readonly details: ErrorResponse['error']['details'];
  constructor(status: number, code: AppErrorCode | 'NETWORK', message: string, details?: ErrorResponse['error']['details']) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** The request never got an answer (offline, DNS, connection refused). */
export function networkError(): ApiError {
  return new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection and try again.');
}

/**
 * The error for a refused request from its parsed JSON body: the server's code, message and field details
 * when the body is the API's error shape, else a generic message (a proxy's HTML page, an empty body).
 */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const parsed = ErrorResponseSchema.safeParse(body);
  if (parsed.success) return new ApiError(status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details);
  return new ApiError(status, 'INTERNAL', 'Something went wrong. Please try again.');
}

/** The server's reason when it refused the request as forbidden (403), else null. */
export function forbiddenMessage(error: Error | null): string | null {
  return error instanceof ApiError && error.status === 403 ? error.message : null;
}

type RequestOptions<T extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: T;
};

/** Every call to our API: sends the session cookie, parses the answer with the shared zod schema. */
export async function apiRequest<T extends z.ZodType>(path: string, options: RequestOptions<T>): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw networkError();
  }
  noteServerBuild(response.headers.get(BUILD_HEADER));
  const payload: unknown = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
  if (!response.ok) throw apiErrorFromBody(response.status, payload);
  return options.schema.parse(payload);
}
