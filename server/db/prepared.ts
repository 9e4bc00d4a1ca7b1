import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * A statement of a hot path, prepared once per connection: PostgreSQL parses and plans it the first time a
 * connection runs it, and each later call sends only its values (pg's named statements). The text must be
 * the same at every call, so it is given once, here.
 */
export function preparedStatement(name: string, text: string): (values: unknown[]) => pg.QueryConfig {
  return (values) => ({ name, text, values });
}

/**
 * A statement put together by code from a few fixed parts (a query whose filters come and go), prepared once
 * per connection under a name taken from its text. Only for texts from a small fixed set (never built from
 * what a request says): each one is kept by every connection that ran it.
 */
export function preparedText(text: string, values: unknown[]): pg.QueryConfig {
  return { name: `sf-${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`, text, values };
}
