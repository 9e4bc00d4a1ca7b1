import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { InputError } from '../errors.ts';
import { HttpError } from './errors.ts';

/**
 * The bounds of a multipart form of text fields (the spec's address form). A field holds at most
 * 4 KB (the longest form text is 1000 characters, up to 4 bytes each in UTF-8); a form at most
 * 40 fields; no file is taken.
 */
export const FORM_LIMITS = { fieldNameSize: 100, fieldSize: 4096, fields: 40, parts: 40, files: 0 } as const;

export const FORM_MESSAGES = {
  file: 'Files are not accepted here',
  tooMany: 'The form has too many fields',
  unreadable: 'The form could not be read',
  tooLong: (field: string) => `${field} is too long`,
} as const;

/**
 * Accepts `multipart/form-data` in the scope it is registered in: the text fields become the body,
 * checked by the call's own schema exactly as JSON and urlencoded bodies are (one contract). A
 * repeated field keeps its last value, as in a urlencoded form. A file part, an oversized field or
 * too many fields is refused with a 4xx and a clear message.
 */
export async function acceptMultipartForm(api: FastifyInstance): Promise<void> {
  await api.register(multipart, { limits: FORM_LIMITS });
  api.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const body: Record<string, string> = {};
    try {
      for await (const part of request.parts({ limits: FORM_LIMITS })) {
        if (part.type === 'file') {
          part.file.resume();
          throw InputError.on(part.fieldname, FORM_MESSAGES.file);
        }
        if (part.valueTruncated || part.fieldnameTruncated) throw InputError.on(part.fieldname, FORM_MESSAGES.tooLong(part.fieldname));
        body[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    } catch (error) {
      throw formError(error);
    }
    request.body = body;
  });
}

/** The refusal for an error met while reading the form: ours as they are, the reader's as a clear 4xx. */
function formError(error: unknown): Error {
  if (error instanceof InputError || error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return InputError.on('body', FORM_MESSAGES.file);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new HttpError(413, FORM_MESSAGES.tooMany);
  return new HttpError(400, FORM_MESSAGES.unreadable);
}
