/**
 * Every error code of the contract, with its HTTP status and the default sentence shown to a
 * person. Handlers may replace the sentence with a more specific one; the code and status are fixed.
 */
export const errorCodes = {
  VALIDATION_ERROR: { status: 400, message: 'Some fields are invalid.' },
  INVALID_CALLBACK_URL: {
    status: 400,
    message: 'The Callback-Url cannot be used: give a public http or https address.',
  },
  PIPELINE_INVALID: {
    status: 400,
    message: 'The pipeline cannot run: a step cannot take what the step before it gives.',
  },
  INVALID_URL: {
    status: 400,
    message: 'The url cannot be fetched: give a public http or https address.',
  },
  MISSING_FILE: { status: 400, message: 'No file was uploaded.' },
  MALFORMED_REQUEST: { status: 400, message: 'The request body could not be read.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The upload is too large.' },
  IMAGE_TOO_LARGE: { status: 413, message: 'The image has too many pixels to process.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This file type is not supported.' },
  UNPROCESSABLE_FILE: { status: 422, message: 'The file could not be processed.' },
  URL_FETCH_FAILED: {
    status: 422,
    message: 'The file at the url could not be fetched.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request: send a new key.',
  },
  UNAUTHORIZED: {
    status: 401,
    message: 'An API key is required: send it as "Authorization: Bearer <key>" or "X-API-Key: <key>".',
  },
  INVALID_SIGNATURE: {
    status: 403,
    message: 'The signed link is missing its signature, is wrongly signed or has expired.',
  },
  NOT_FOUND: { status: 404, message: 'There is nothing at this address.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  JOB_NOT_FINISHED: { status: 409, message: 'The job has not finished yet.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request was not received in time.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please slow down.' },
  TIMEOUT: { status: 503, message: 'The request took too long to process.' },
  OVERLOADED: { status: 503, message: 'The server is busy. Please try again shortly.' },
  SHUTTING_DOWN: { status: 503, message: 'The server is stopping. Please try again in a few seconds.' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on our side.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** The JSON body of every error response. */
export interface ErrorBody {
  success: false;
  message: string;
  code: ErrorCode;
  details?: { field: string; message: string }[];
}
