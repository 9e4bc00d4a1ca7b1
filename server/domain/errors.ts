/**
 * Errors the domain raises. The domain knows nothing of HTTP: the HTTP layer
 * (server/http/errors.ts) answers an InputError with 422 and its field errors.
 */

/** What the request says cannot be taken: field name (or a path like `lines.2.quantity`) to the messages the customer reads. */
export class InputError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors)[0]?.[0] ?? 'Invalid request');
    this.name = 'InputError';
  }

  /** One message on one field. */
  static on(field: string, message: string): InputError {
    return new InputError({ [field]: [message] });
  }
}
