/** Normalised errors of spec 8: every failed call ends as one ApiClientError. */

export type ApiClientError = {
  message: string;
  /** HTTP status, or 500 when there was none. */
  statusCode: number;
  /** The client method that failed. */
  context: string;
  /** Request path with its query string. */
  path: string;
  status: number | 'no status';
  errorCode?: number;
  detail?: unknown;
  /** The response body, when one arrived. */
  data?: unknown;
};

export const NO_RESPONSE_MESSAGE = 'No response received from server';
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error occurred';
const DEFAULT_STATUS_CODE = 500;

/** A request that got an answer the client cannot use: a status of 400 or more, or an unreadable body. */
export class ResponseError extends Error {
  constructor(
    message: string,
    readonly response: { status: number; data?: unknown },
  ) {
    super(message);
    this.name = 'ResponseError';
  }
}

/** The fetcher rejected: the request never got an answer. */
export class NoResponseError extends Error {
  constructor(readonly reason: unknown) {
    super(NO_RESPONSE_MESSAGE);
    this.name = 'NoResponseError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The message an API error body carries: `message`, else `detail.message`. */
export function messageOfBody(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined;
  if (nonEmptyString(data.message)) return data.message;
  const detail = data.detail;
  return isRecord(detail) && nonEmptyString(detail.message) ? detail.message : undefined;
}

/** `{ status, data }` of a thrown value that carries a response (ours or a fetch library's), else null. */
function responseOf(thrown: unknown): { status: number; data?: unknown } | null {
  if (!isRecord(thrown) || !isRecord(thrown.response)) return null;
  const { status, data } = thrown.response;
  return typeof status === 'number' ? { status, data } : null;
}

export function normalizeError(thrown: unknown, context: string, path: string): ApiClientError {
  const response = responseOf(thrown);
  if (response) {
    const { data } = response;
    const body = isRecord(data) ? data : {};
    const ownMessage = thrown instanceof Error && thrown.message ? thrown.message : undefined;
    return {
      message: messageOfBody(data) ?? ownMessage ?? UNKNOWN_ERROR_MESSAGE,
      statusCode: response.status > 0 ? response.status : DEFAULT_STATUS_CODE,
      context,
      path,
      status: response.status,
      ...(typeof body.errorCode === 'number' ? { errorCode: body.errorCode } : {}),
      ...(body.detail !== undefined ? { detail: body.detail } : {}),
      ...(data !== undefined ? { data } : {}),
    };
  }
  if (thrown instanceof NoResponseError) {
    return { message: NO_RESPONSE_MESSAGE, statusCode: DEFAULT_STATUS_CODE, context, path, status: 'no status' };
  }
  const message = thrown instanceof Error ? thrown.message : typeof thrown === 'string' ? thrown : '';
  return { message: message || UNKNOWN_ERROR_MESSAGE, statusCode: DEFAULT_STATUS_CODE, context, path, status: 'no status' };
}
