import type { FastifyError, FastifyInstance } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { InputError } from '../domain/errors.ts';

/** A refusal with a chosen HTTP status and envelope, thrown by the HTTP layer (401, 404, 429). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The text for a bad field, by its path with list positions as `*` (`lines.*.quantity`), where the validator's own would read badly. */
const FIELD_MESSAGES: Record<string, string> = {
  mobile_number: 'Mobile number invalid',
  country_code: 'Country code invalid',
  otp: 'OTP must be 4 to 6 digits',
  email: 'Email invalid',
  user_name: 'Name is required',
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  sort_type: "sort_type must be one of 'rating', 'distance', 'cost_low', 'cost_high'",
  filter_type: "filter_type must be one of 'veg', 'non_veg', 'offers', 'open_now', 'pre_order'",
  cost_range: "cost_range must look like '10-30'",
  cuisine_id: 'cuisine_id must be a number',
  total_record: 'total_record must be between 1 and 1000',
  skip: 'skip must be 0 or more',
  delivery_type_time_slots: "delivery_type_time_slots must be 'delivery' or 'pickup'",
  user_role: "user_role must be '1'",
  type: "type must be 'customer'",
  vendor_id: 'vendor_id must be a number',
  restaurant_id: 'restaurant_id must be a number',
  slug: 'slug is required',
  item_ids: 'item_ids must be a list of at most 500 item ids',
  search: 'Please enter something to search',
  brand_id: 'brand_id must be a number',
  tag: 'tag must be at most 50 characters',
  shiping_id: 'shiping_id must be a number',
  address_id: 'address_id must be a number',
  'lines.*': 'Invalid cart line',
  'lines.*.item_id': 'item_id must be a number',
  'lines.*.quantity': 'Quantity must be a whole number from 1 to 99',
  'lines.*.selectCustoizeID': 'selectCustoizeID must be a list of option ids',
  'lines.*.price': 'price must be a number',
};

/** Texts for one check on one field, by `<field pattern>:<check>`. */
const CHECK_MESSAGES: Record<string, string> = {
  'lines:minItems': 'Please add Item in to cart',
  'lines:maxItems': 'An order holds at most 100 lines',
  'lines.*.selectCustoizeID:uniqueItems': 'An option is chosen twice',
};

/** Messages for a missing field where `<field> is required` would read badly. */
const MISSING_MESSAGES: Record<string, string> = {
  mobile_number: 'Mobile number invalid',
  search: 'Please enter something to search',
  address: 'Please enter address',
};

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
  return CHECK_MESSAGES[`${pattern}:${error.keyword}`] ?? FIELD_MESSAGES[pattern] ?? `${field} ${error.message ?? 'is invalid'}`;
}

/** Turns the validator's errors into field errors. */
export function toInputError(errors: FastifySchemaValidationError[]): InputError {
  const byField: Record<string, string[]> = {};
  for (const error of errors) {
    const field = fieldOf(error);
    const message = messageOf(field, error);
    const list = (byField[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return new InputError(byField);
}

/** Maps every error to the API's envelopes: 422 with field errors for bad input; only unexpected errors become 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors) => toInputError(errors));
  app.setErrorHandler((error: FastifyError | HttpError | InputError, request, reply) => {
    if (error instanceof InputError) {
      return reply.code(422).send({ code: 422, msg: error.message, errors: error.errors });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ code: error.statusCode, msg: error.message });
    }
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error as FastifyError).validation) {
      const msg = 'Request body must be a JSON object';
      return reply.code(422).send({ code: 422, msg, errors: { body: [msg] } });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ code: status, msg: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: 500, msg: 'Server error' });
  });
}
