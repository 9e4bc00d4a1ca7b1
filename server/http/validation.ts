import Ajv, { type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';

/**
 * How requests are checked against their schemas. allErrors, so a 422 lists every bad field and not
 * only the first; verbose, so each error carries its schema, whose bounds the 422's texts name
 * (http/errors.ts).
 */
const CHECKS = { allErrors: true, verbose: true, useDefaults: true, removeAdditional: false, addUsedSchema: false } as const;

/** Most routes: a number or a list may come as text ('12.5', one value for a list), as query strings always do. */
const coercing = new Ajv({ ...CHECKS, coerceTypes: 'array' });
/** The calls that take exact JSON types (contract/api/common.ts, `exactTypes`). */
const exact = new Ajv({ ...CHECKS, coerceTypes: false, strict: false });

/**
 * Text a number may be read from: a finite decimal number ('12', '-0.5', '1e3'). Ajv's own coercion
 * takes whatever JavaScript's `+text` reads as a number: 'Infinity' and '1e400' (infinite, which then
 * pass every minimum and maximum, as Ajv checks bounds on finite numbers only), '0x10' (16), ' 5 '.
 */
const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Text Ajv would read as a number that is not a finite decimal number. */
function isLooseNumber(text: string): boolean {
  if (text === '' || Number.isNaN(Number(text))) return false;
  return !(DECIMAL.test(text) && Number.isFinite(Number(text)));
}

type Path = Array<string | number>;

/** Where in a request such text stands: the paths of the strings `isLooseNumber` holds for (a path is copied only on a find). */
function looseNumbers(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  if (typeof value === 'string') {
    if (isLooseNumber(value)) found.push([...path]);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
      path.push(key);
      looseNumbers(item, path, found);
      path.pop();
    }
  }
  return found;
}

function at(value: unknown, path: Path): unknown {
  let here = value;
  for (const step of path) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Record<string | number, unknown>)[step];
  }
  return here;
}

/** Became a number by coercion (alone, or as the one item of a list the text was made into). */
function isCoercedNumber(value: unknown): boolean {
  return typeof value === 'number' || (Array.isArray(value) && value.length === 1 && typeof value[0] === 'number');
}

function setAt(value: unknown, path: Path, replacement: unknown): void {
  const parent = at(value, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = replacement;
}

/** A value no number or text field takes, so the field fails its type check (and names its bounds). */
const NOT_A_NUMBER = Object.freeze({ 'not a number': true });

/**
 * A check that reads numbers from finite decimal text only. Text in a text field stays text, however it
 * looks ('Infinity' is a name someone may have); text that the check would read as a number in a number
 * field is refused as that field's wrong type, with the field's usual message.
 */
function decimalNumbersOnly(validate: ValidateFunction): ValidateFunction {
  const check = ((data: unknown) => {
    const loose = looseNumbers(data);
    // The usual case: nothing to look at twice.
    if (loose.length === 0) {
      const valid = validate(data);
      check.errors = validate.errors;
      return valid;
    }
    const original = structuredClone(data);
    const valid = validate(data);
    const read = loose.filter((path) => isCoercedNumber(at(data, path)));
    if (read.length === 0) {
      check.errors = validate.errors;
      return valid;
    }
    // Checked again with those fields holding a value of no field's type, so each is refused by its own
    // schema (its bounds in the message), beside whatever else the request got wrong.
    for (const path of read) setAt(original, path, NOT_A_NUMBER);
    validate(original);
    check.errors = validate.errors ?? ([] as ErrorObject[]);
    return false;
  }) as ValidateFunction;
  check.schema = validate.schema;
  return check;
}

/** The app's validator compiler: every route's schema, numbers from finite decimal text only. */
export function requestValidator({ schema }: FastifyRouteSchemaDef<unknown>): ValidateFunction {
  return decimalNumbersOnly(coercing.compile(schema as AnySchema));
}

/** The validator compiler of the calls that take exact JSON types: nothing is coerced. */
export function exactTypesValidator({ schema }: FastifyRouteSchemaDef<unknown>): ValidateFunction {
  return exact.compile(schema as AnySchema);
}
