import type { FastifyError, FastifyInstance } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { MAX_AMOUNT, MAX_ROW_ID, MULTILINE_TEXT_PATTERN, TEXT_PATTERN } from '../../contract/api/common.ts';
import { REFUSAL_TEXTS, refusalKeyOf } from '../../contract/rules/refusals.ts';
import { InputError, ProviderUnavailable } from '../errors.ts';

/** A refusal with a chosen HTTP status and envelope, thrown by the HTTP layer (401, 404, 429). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The text for a bad field, by its path with list positions as `*` (`lines.*.quantity`), where the
 * general texts below would read badly; it stands for every check of the field but control characters.
 */
const FIELD_MESSAGES: Record<string, string> = {
  mobile_number: 'Mobile number invalid',
  country_code: 'Country code invalid',
  otp: 'OTP must be 4 to 6 digits',
  email: 'Email invalid',
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  sort_type: "sort_type must be one of 'rating', 'distance', 'cost_low', 'cost_high'",
  filter_type: "filter_type must be one of 'veg', 'non_veg', 'offers', 'open_now', 'pre_order'",
  cost_range: "cost_range must look like '10-30'",
  delivery_type_time_slots: "delivery_type_time_slots must be 'delivery' or 'pickup'",
  vendor_id: 'vendor_id must be a positive whole number',
  restaurant_id: 'restaurant_id must be a positive whole number',
  cuisine_id: 'cuisine_id must be a positive whole number',
  brand_id: 'brand_id must be a positive whole number',
  shiping_id: 'shiping_id must be a positive whole number',
  address_id: 'address_id must be a positive whole number',
  order_id: 'order_id must be a positive whole number',
  item_ids: 'item_ids must be a list of at most 500 item ids',
  'lines.*': 'Invalid cart line',
  'lines.*.item_id': 'item_id must be a positive whole number',
  'lines.*.quantity': 'Quantity must be a whole number from 1 to 99',
  'lines.*.selectCustoizeID': 'selectCustoizeID must be a list of option ids',
  'lines.*.price': `price must be a number from 0 to ${MAX_AMOUNT}`,
};

/** Texts for one check on one field, by `<field pattern>:<check>`. */
const CHECK_MESSAGES: Record<string, string> = {
  'lines:minItems': 'Please add Item in to cart',
  'lines:maxItems': 'An order holds at most 100 lines',
  'lines.*.selectCustoizeID:uniqueItems': 'An option is chosen twice',
  'user_name:minLength': 'Name is required',
  'user_name:pattern': 'Name is required',
  'search:minLength': 'Please enter something to search',
  'search:pattern': 'Please enter something to search',
  'slug:minLength': 'slug is required',
  'user_role:const': "user_role must be '1'",
  'type:const': "type must be 'customer'",
};

/** Messages for a missing field where `<field> is required` would read badly. */
const MISSING_MESSAGES: Record<string, string> = {
  mobile_number: 'Mobile number invalid',
  search: 'Please enter something to search',
  address: REFUSAL_TEXTS['address.required'],
};

/** The schema a failed check belongs to (the validator runs verbose, so every error carries it). */
interface CheckedSchema {
  type?: string;
  minimum?: number;
  maximum?: number;
}

/** `a whole number from 0 to 100000`, `a positive whole number`, `a number from 0 to 1000000000`. */
function numberText(schema: CheckedSchema): string {
  const kind = schema.type === 'integer' ? 'a whole number' : 'a number';
  const { minimum: min, maximum: max } = schema;
  if (max === MAX_ROW_ID) return min === 1 ? `a positive ${kind.slice(2)}` : `${kind} of ${min ?? 0} or more`;
  if (min !== undefined && max !== undefined) return `${kind} from ${min} to ${max}`;
  if (min !== undefined) return `${kind} of ${min} or more`;
  if (max !== undefined) return `${kind} of at most ${max}`;
  return kind;
}

const TYPE_TEXTS: Record<string, string> = { string: 'text', array: 'a list', object: 'an object', boolean: 'true or false' };

/** The general text of a failed check, from the check and its schema: what the field must be. */
function generalMessage(field: string, error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  const schema = ((error as { parentSchema?: unknown }).parentSchema ?? {}) as CheckedSchema;
  switch (error.keyword) {
    case 'type':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'multipleOf':
      if (schema.type === 'integer' || schema.type === 'number') return `${field} must be ${numberText(schema)}`;
      return `${field} must be ${TYPE_TEXTS[String(params.type)] ?? String(params.type)}`;
    case 'maxLength':
      return `${field} must be at most ${String(params.limit)} characters`;
    case 'minLength':
      return params.limit === 1 ? `${field} must not be empty` : `${field} must be at least ${String(params.limit)} characters`;
    case 'maxItems':
      return `${field} must hold at most ${String(params.limit)} items`;
    case 'enum':
      return `${field} must be one of ${(params.allowedValues as unknown[]).map((v) => `'${String(v)}'`).join(', ')}`;
    default:
      return `${field} is invalid`;
  }
}

/** A text field refused a control character (contract/api/common.ts: Text). */
function isControlCheck(error: FastifySchemaValidationError): boolean {
  const pattern = (error.params as { pattern?: unknown }).pattern;
  return error.keyword === 'pattern' && (pattern === TEXT_PATTERN || pattern === MULTILINE_TEXT_PATTERN);
}

/**
 * The path of the bad field: `lines.2.quantity` inside a list of objects; a list of plain
 * values is named as a whole (`item_ids`), unless an element that should be an object is bad (`lines.2`).
 */
function fieldOf(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.split('/').filter(Boolean);
  if (typeof params.missingProperty === 'string') path.push(params.missingProperty);
  const last = path[path.length - 1];
  const elementIsObject = error.keyword === 'type' && params.type === 'object';
  if (path.length > 1 && last !== undefined && /^\d+$/.test(last) && !elementIsObject) path.pop();
  return path.join('.') || 'body';
}

function messageOf(field: string, error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  const pattern = field.replace(/\.\d+(?=\.|$)/g, '.*');
  if (typeof params.missingProperty === 'string') {
    // A missing number reads the same as a bad one to the customer.
    return MISSING_MESSAGES[pattern] ?? (pattern.includes('.') ? FIELD_MESSAGES[pattern] : undefined) ?? `${field} is required`;
  }
  if (field === 'body') return 'Request body must be a JSON object';
  if (isControlCheck(error)) return `${field} must not contain control characters`;
  return CHECK_MESSAGES[`${pattern}:${error.keyword}`] ?? FIELD_MESSAGES[pattern] ?? generalMessage(field, error);
}

/** A field of several types (`RowId` or '') fails each; the summary and the '' branch add nothing the customer can use. */
function isUnionNoise(error: FastifySchemaValidationError, errors: FastifySchemaValidationError[]): boolean {
  if (error.keyword !== 'anyOf' && error.keyword !== 'const') return false;
  return errors.some((other) => other.instancePath === error.instancePath && other.keyword !== 'anyOf' && other.keyword !== 'const');
}

/** Turns the validator's errors into field errors. */
export function toInputError(errors: FastifySchemaValidationError[]): InputError {
  const byField: Record<string, string[]> = {};
  for (const error of errors) {
    if (isUnionNoise(error, errors)) continue;
    const field = fieldOf(error);
    const message = messageOf(field, error);
    const list = (byField[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return new InputError(byField);
}

/**
 * What the customer reads when the database refuses a value of the request (SQLSTATE class 22, data
 * exception). The schemas keep such values out; this is the net for one that slips through.
 */
const DATA_MESSAGES: Record<string, string> = {
  '22001': 'A text in the request is too long',
  '22003': 'A number in the request is out of range',
  '22007': 'A date or time in the request is not valid',
  '22008': 'A date or time in the request is out of range',
  '22021': 'The request holds characters that cannot be stored',
  '22P05': 'The request holds characters that cannot be stored',
};
const DATA_MESSAGE = 'A value in the request is not valid';

/**
 * What the customer reads when the database refuses a change for a rule of its own (SQLSTATE class 23,
 * integrity constraint violation), with the status: 409 where the request clashes with what is stored
 * (the same row twice, a row it refers to gone meanwhile), 422 where a value breaks a rule. The domain
 * checks these first; this is the net for a race or a rule it does not know.
 */
const CONSTRAINT_ANSWERS: Record<string, { status: 409 | 422; msg: string }> = {
  '23505': { status: 409, msg: 'This was already done; reload and try again' },
  '23P01': { status: 409, msg: 'This was already done; reload and try again' },
  '23503': { status: 409, msg: 'Something this refers to has changed; reload and try again' },
  '23502': { status: 422, msg: 'A value the request needs is missing' },
  '23514': { status: 422, msg: DATA_MESSAGE },
};
const CONSTRAINT_ANSWER = { status: 422, msg: DATA_MESSAGE } as const;

/** The SQLSTATE of `error` from PostgreSQL or PGlite, both as `pg` reports it (`code`), if it is of that class. */
function sqlStateOf(error: unknown, sqlClass: '22' | '23'): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.length === 5 && code.startsWith(sqlClass) && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** An envelope `{ msg }` whose text is one of ours (contract/rules/refusals.ts), with its key beside it as `msg_key`. */
export function withRefusalKey(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  const { msg, msg_key: given } = payload as { msg?: unknown; msg_key?: unknown };
  const key = given === undefined && typeof msg === 'string' ? refusalKeyOf(msg) : undefined;
  return key ? { ...payload, msg_key: key } : payload;
}

/**
 * Every envelope whose `msg` is one of our refusals, an answer's or an error's, names it by its stable
 * key beside the spec's English: added as the payload is serialized, for every route after this call.
 */
export function installRefusalKeys(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_request, _reply, payload) => withRefusalKey(payload));
}

/** Maps every error to the API's envelopes: 422 with field errors for bad input; only unexpected errors become 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors) => toInputError(errors));
  app.setErrorHandler((error: FastifyError | HttpError | InputError | ProviderUnavailable, request, reply) => {
    if (error instanceof InputError) {
      return reply.code(422).send({ code: 422, msg: error.message, errors: error.errors });
    }
    if (error instanceof ProviderUnavailable) {
      request.log.warn({ err: error.cause }, 'payment provider could not open a payment');
      return reply.code(503).header('Retry-After', '10').send({ code: 503, msg: error.message });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ code: error.statusCode, msg: error.message });
    }
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error as FastifyError).validation) {
      const msg = 'Request body must be a JSON object';
      return reply.code(422).send({ code: 422, msg, errors: { body: [msg] } });
    }
    const dataException = sqlStateOf(error, '22');
    if (dataException) {
      // A value the schema let through: the request is at fault, but the schema wants a bound (see the log).
      request.log.warn({ err: error, sqlState: dataException }, 'the database refused a value of the request');
      const msg = DATA_MESSAGES[dataException] ?? DATA_MESSAGE;
      return reply.code(422).send({ code: 422, msg, errors: { body: [msg] } });
    }
    const constraint = sqlStateOf(error, '23');
    if (constraint) {
      request.log.warn({ err: error, sqlState: constraint }, 'the database refused a change for one of its rules');
      const { status, msg } = CONSTRAINT_ANSWERS[constraint] ?? CONSTRAINT_ANSWER;
      return reply.code(status).send({ code: status, msg });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ code: status, msg: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: 500, msg: REFUSAL_TEXTS['server.error'] });
  });
}
