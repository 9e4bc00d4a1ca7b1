import type { FastifyError, FastifyInstance } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

/** A refusal with a chosen HTTP status and envelope, thrown from handlers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Human messages for fields whose generic ajv message would read badly. */
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
};

/** Messages for a missing field where `<field> is required` would read badly. */
const MISSING_MESSAGES: Record<string, string> = {
  mobile_number: 'Mobile number invalid',
  search: 'Please enter something to search',
  address: 'Please enter address',
};

export class ValidationError extends HttpError {
  constructor(readonly errors: Record<string, string[]>) {
    const first = Object.values(errors)[0]?.[0] ?? 'Invalid request';
    super(422, first, { errors });
  }
}

function fieldOf(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  if (typeof params.missingProperty === 'string') return params.missingProperty;
  const path = error.instancePath.split('/').filter(Boolean);
  return path[0] ?? 'body';
}

function messageOf(field: string, error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  if (typeof params.missingProperty === 'string') {
    // A missing number reads the same as a bad one to the customer.
    return MISSING_MESSAGES[field] ?? `${field} is required`;
  }
  if (field === 'body') return 'Request body must be a JSON object';
  return FIELD_MESSAGES[field] ?? `${field} ${error.message ?? 'is invalid'}`;
}

/** Turns ajv errors into the 422 shape `{code, msg, errors: {field: [messages]}}`. */
export function toValidationError(errors: FastifySchemaValidationError[]): ValidationError {
  const byField: Record<string, string[]> = {};
  for (const error of errors) {
    const field = fieldOf(error);
    const message = messageOf(field, error);
    const list = (byField[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return new ValidationError(byField);
}

/** Maps every error to the spec's envelopes; only unexpected ones become 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors) => toValidationError(errors));
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ code: error.statusCode, msg: error.message, ...error.extra });
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
