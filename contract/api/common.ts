/**
 * What every call of the v2 API shares: the envelope, the 422 body, the way a call is
 * declared (its request as a TypeBox schema and its answer as a type) and the schema
 * pieces the call groups build their requests from.
 *
 * Every call is `POST <API_VERSION_PATH>/<call>` with a JSON body unless declared with
 * `get`, and answers HTTP 200 with an envelope `{ code, msg?, Result? | settings? | user_details? }`.
 * `code` 200 is success; 101 means "none found" where a call says so; other business
 * refusals answer HTTP 200 with a non-200 `code` and a `msg`. Transport-level failures use
 * HTTP status codes: 400 (a header with control characters or longer than any browser sends),
 * 401 (bad or expired token), 404 (unknown vendor), 422 (validation: `errors` maps each field to
 * its messages), 429 (rate limited), 500 ('Server error').
 *
 * Money on the wire: display amounts as decimal numbers in the vendor's currency (12.5);
 * the server keeps integer minor units and converts at the edge (contract/rules/money.ts).
 *
 * The server imports these modules at run time (the schemas validate every request); the
 * storefront imports them for their types only, so TypeBox never reaches the browser bundle.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

export interface Envelope<T = unknown> {
  code: number;
  msg?: string;
  /** Our server's stable key of `msg` when it is one of its refusals (contract/rules/refusals.ts); other servers send `msg` alone. */
  msg_key?: string;
  Result?: T;
}

export interface ValidationErrorBody {
  code: 422;
  msg: string;
  msg_key?: string;
  /** Field name (a path like `lines.2.quantity` for nested fields) to its messages; the storefront shows the first. */
  errors: Record<string, string[]>;
}

/* ---------- declaring a call ---------- */

declare const answerType: unique symbol;

export type HttpMethod = 'GET' | 'POST';

/** One call: how it is sent, its request schema (the JSON body of a POST, the query of a GET) and, as a type only, its answer. */
export interface ApiCall<Request extends TSchema = TSchema, Answer = unknown, Method extends HttpMethod = HttpMethod> {
  readonly method: Method;
  readonly request: Request;
  /** The request's numbers and booleans must arrive as such: numeric strings are refused, not converted. */
  readonly exactTypes: boolean;
  /** Never set: carries the answer's type. */
  readonly [answerType]?: Answer;
}

export interface CallOptions {
  /** See ApiCall.exactTypes; by default numeric strings are accepted where numbers are (older storefronts send them). */
  exactTypes?: boolean;
}

function declare<Method extends HttpMethod>(method: Method) {
  return <Request extends TSchema>(request: Request, options: CallOptions = {}) => ({
    /** Names the type the call answers with. */
    answers: <Answer>(): ApiCall<Request, Answer, Method> => ({ method, request, exactTypes: options.exactTypes ?? false }),
  });
}

/** A POST call with a JSON body: `post(Schema).answers<Envelope<Result>>()`. */
export const post = declare('POST');
/** A GET call with a query string. */
export const get = declare('GET');

/** The request a call takes, as both sides see it. */
export type RequestOf<C> = C extends ApiCall<infer Request, unknown> ? Static<Request> : never;
/** What a call answers. */
export type AnswerOf<C> = C extends ApiCall<TSchema, infer Answer> ? Answer : never;

/* ---------- schema pieces ---------- */

// Bodies are open objects: storefront clients send extra fields (devicetoken, unquie_id…) that are ignored.
// The server's validator coerces '12.5' to 12.5 for number fields, so numeric strings are accepted where numbers are.
// Every number has a minimum and a maximum, and every text a maxLength and no control characters, so no
// value reaches the database that it cannot store (PostgreSQL refuses NUL in text and numbers past bigint).

/** The control characters no text takes: C0 (NUL, escape, line breaks, tab) and DEL. */
export const TEXT_PATTERN = '^[^\\u0000-\\u001f\\u007f]*$';
/** The same for text the customer writes on several lines (a note for the store): line breaks and tabs are allowed. */
export const MULTILINE_TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$';

export interface TextOptions {
  maxLength: number;
  minLength?: number;
  /** Line breaks and tabs are allowed (notes); every other control character is still refused. */
  multiline?: boolean;
  /** At least one character that is not white space. */
  nonBlank?: boolean;
  /** A further pattern the text must match (both apply). */
  pattern?: string;
}

/**
 * A text field: at most `maxLength` characters, none of them a control character (except line
 * breaks and tabs where `multiline`). Every string a request takes is one of these.
 */
export function Text(options: TextOptions) {
  const { maxLength, minLength, multiline = false, nonBlank = false, pattern } = options;
  const also = [...(nonBlank ? ['\\S'] : []), ...(pattern ? [pattern] : [])];
  return Type.String({
    maxLength,
    ...(minLength !== undefined ? { minLength } : {}),
    pattern: multiline ? MULTILINE_TEXT_PATTERN : TEXT_PATTERN,
    ...(also.length ? { allOf: also.map((p) => ({ pattern: p })) } : {}),
  });
}

/** A whole number from `minimum` to `maximum` (counts, positions, paging). */
export function Whole(minimum: number, maximum: number, options: { default?: number } = {}) {
  return Type.Integer({ minimum, maximum, ...options });
}

/** The largest id: ids are bigint columns, and a JavaScript number is exact up to here. */
export const MAX_ROW_ID = Number.MAX_SAFE_INTEGER;
/** The largest amount of money a request names, in display units: exact in minor units at 4 decimals. */
export const MAX_AMOUNT = 1_000_000_000;

/** The most rows a list call skips (paging deeper than this is no customer's). */
export const MAX_SKIP = 100_000;

/** A row id: a positive whole number (a numeric string is accepted). */
export const RowId = Whole(1, MAX_ROW_ID);
/** A row id, or '' for none. */
export const OptionalRowId = Type.Union([RowId, Type.Literal('')]);
/** An amount of money in display units (12.5), never negative. */
export const Amount = Type.Number({ minimum: 0, maximum: MAX_AMOUNT });
export const Latitude = Type.Number({ minimum: -90, maximum: 90 });
export const Longitude = Type.Number({ minimum: -180, maximum: 180 });
/** What a customer types into a search box. */
export const SearchText = Text({ minLength: 1, maxLength: 100, nonBlank: true });
/** A user id some storefronts send along ('' for a guest); the server goes by the bearer token, never by this. */
export const SentUserId = Type.Union([Whole(0, MAX_ROW_ID), Text({ maxLength: 40 })]);
/** A host name as the storefront names its vendor (a port is allowed). */
export const HostName = Text({ maxLength: 255 });

/** Fields every call may carry; the server resolves the vendor from `host` (else the X-Storefront-Host or Host header). */
export const BaseFields = {
  /** Host name the storefront runs on. */
  host: Type.Optional(HostName),
  /** When sent, must be the vendor of `host`. */
  vendor_id: Type.Optional(OptionalRowId),
  /** Language of the texts in the answer (the API's spelling). */
  is_langauge: Type.Optional(Text({ maxLength: 10 })),
};

/** A point the customer may not have chosen yet ('' when unknown). */
export const OptionalPointFields = {
  latitude: Type.Optional(Type.Union([Latitude, Type.Literal('')])),
  longitude: Type.Optional(Type.Union([Longitude, Type.Literal('')])),
};

/** A call that takes nothing but the common fields. */
export const BaseRequest = Type.Object(BaseFields);
export type BaseRequest = Static<typeof BaseRequest>;

/** A string schema limited to the given literals. */
export function OneOf<const T extends readonly string[]>(values: T) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
}
