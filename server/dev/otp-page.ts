import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { escapeMarkup } from '../markup.ts';
import { normalizeHost } from '../modules/vendors/index.ts';

/** /dev/otp.json: the latest code of a number, optionally of one vendor host. */
const OtpQuery = Type.Object({
  mobile_number: Type.Optional(Type.String({ maxLength: 20 })),
  host: Type.Optional(Type.String({ maxLength: 255 })),
});

/**
 * Development only, and only when asked for (SF_DEV_OTP_PAGE=1, refused in production): every
 * one-time code the recording SMS provider kept, as a page and per number as JSON. Anyone who
 * can reach it can sign in as any customer.
 */
export const devOtpRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const codes = app.runtime.devOtps;
  if (!codes) return;
  app.get('/dev/otp', async (_request, reply) => {
    const rows = codes
      .list()
      .map(
        (e) =>
          `<tr><td>+${escapeMarkup(e.country_code)} ${escapeMarkup(e.mobile)}</td><td>${escapeMarkup(e.host)}</td>` +
          `<td><code>${e.otp}</code></td><td>${e.at.toISOString()}</td></tr>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<title>Dev OTPs</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.4rem .8rem;text-align:left}code{font-size:1.2em}</style>
</head><body><h1>OTP codes issued (development only)</h1>
<p><strong>Anyone who can open this page can sign in as any customer.</strong> It is on because the server was started with SF_DEV_OTP_PAGE=1 (npm start); never expose such a server.</p>
<p>Newest first; refreshes every 3 seconds. Kept in memory, lost on restart.</p>
<table><thead><tr><th>Mobile</th><th>Vendor host</th><th>Code</th><th>Time (UTC)</th></tr></thead>
<tbody>${rows || '<tr><td colspan="4">No codes yet.</td></tr>'}</tbody></table></body></html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });

  app.get('/dev/otp.json', { schema: { querystring: OtpQuery } }, async (request, reply) => {
    const query = request.query;
    const entry = query.mobile_number
      ? codes.latest(query.mobile_number, query.host ? normalizeHost(query.host) : undefined)
      : undefined;
    if (!entry) return reply.code(404).send({ code: 404, msg: 'No OTP for this number' });
    return { otp: entry.otp, host: entry.host, at: entry.at.toISOString() };
  });
};
