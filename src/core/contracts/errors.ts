/**
 * The one error shape on the wire, for every failure the API answers:
 * `{ error: { code, message, fields? } }`. `fields` maps a payload field name to its first message
 * (SPEC §5 wording), present only for validation failures (HTTP 400).
 */
export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    fields?: Record<string, string>;
  };
}

export type ApiErrorCode =
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'gone'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';
