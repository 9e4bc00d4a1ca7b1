import { join } from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Text } from '../../../../contract/api/common.ts';
import { KNOWN_LOCALES } from '../../../../contract/rules/locale.ts';
import { HttpError } from '../../../http/errors.ts';
import { pageOrigin, requestedHost, vendorNamed } from '../../../http/vendor.ts';
import { escapeMarkup } from '../../../markup.ts';
import { vendorSettings } from '../../settings/index.ts';
import { normalizeHost } from '../../vendors/index.ts';
import { jsonForScript } from '../domain/full-page.ts';
import { storefrontRender } from '../domain/storefront-render.ts';
import { pageLanguage } from './page-language.ts';
import { servedAnswers } from './served-calls.ts';

/** How long a drawn element may be kept by a cache in front of a vendor's page (menus change, hours open and close). */
export const RENDER_MAX_AGE_S = 60;

const Query = Type.Object({
  store: Type.Optional(Text({ maxLength: 64 })),
  slug: Type.Optional(Text({ maxLength: 200 })),
  lang: Type.Optional(Type.Union(KNOWN_LOCALES.map((locale) => Type.Literal(locale)))),
  host: Type.Optional(Text({ maxLength: 253 })),
  // <sf-store-list>'s: a store card's link is a path of the vendor's site or a web address, with {id} or {slug} in it.
  layout: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2')])),
  'store-href': Type.Optional(Text({ maxLength: 200, pattern: '^(?:/(?!/)|https?://)[^\\s<>"\'`]*$' })),
  filters: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
});

/**
 * `GET /render/<element>`: an element's first view drawn by the storefront's own components, as an HTML
 * fragment a vendor's server or CDN puts into its page where the element goes: the element with its
 * attributes, its shadow root (declarative shadow DOM, the islands' stylesheet inside) and, as its child, a
 * data block with the answers it was drawn from. The script tag on that page takes the element over
 * (elements/served-element.ts); without it, or before it, the page reads.
 *
 * The vendor is named as in the API's calls (`host` in the query, else X-Storefront-Host, else the Host
 * header); the language by `lang` when the vendor offers it, else as the storefront would choose. Kept by
 * shared caches for a minute; any site may fetch it.
 */
export function renderRoutes(rootDir: string): FastifyPluginAsync {
  const render = storefrontRender(join(rootDir, 'dist', 'server', 'server-render.js'));
  return async (app) => {
    app.withTypeProvider<TypeBoxTypeProvider>().get('/render/:element', {
      schema: { params: Type.Object({ element: Text({ maxLength: 40 }) }), querystring: Query },
    }, async (request, reply) => {
      const drawing = await render();
      if (!drawing) throw new HttpError(503, 'The storefront is not built yet: run npm run build.');
      const { element } = request.params;
      // A name from the address: only the table's own (`constructor` is no element).
      const names = Object.hasOwn(drawing.SERVED_ELEMENTS, element) ? drawing.SERVED_ELEMENTS[element] : undefined;
      if (!names) throw new HttpError(404, `No element to draw named ${element}: ${Object.keys(drawing.SERVED_ELEMENTS).join(', ')} can be.`);
      const vendor = await vendorNamed(app.db, request);
      if (!vendor) throw new HttpError(404, 'Vendor not found');
      const origin = pageOrigin(request);
      if (!origin) throw new HttpError(400, 'The Host header is no host name.');
      const lang = pageLanguage(request, vendor, request.query.lang);
      const attributes = Object.fromEntries(names.flatMap((name) => {
        const value = (request.query as Record<string, string | undefined>)[name];
        return value ? [[name, value]] : [];
      }));
      const host = normalizeHost(requestedHost(request));
      const page = { settings: await vendorSettings(app.db, vendor, lang, origin), lang, origin, host };
      const calls = drawing.elementCalls(page, element, attributes);
      if (!calls) throw new HttpError(404, `No element to draw named ${element}`);
      const answers = await servedAnswers(app, request, { host, lang }, calls);
      const screen = { path: '', lang, calls, answers };
      const { html, parts } = drawing.renderElement(page, element, attributes, screen);
      const attributeText = Object.entries(attributes).map(([name, value]) => ` ${name}="${escapeMarkup(value)}"`).join('');
      const fragment = `<${element}${attributeText}>${html}<script type="application/json" data-sf-served>${jsonForScript({ ...screen, parts })}</script></${element}>`;
      return reply
        .header('Cache-Control', `public, max-age=${RENDER_MAX_AGE_S}`)
        .header('Vary', 'Accept-Language, X-Storefront-Host')
        .header('Access-Control-Allow-Origin', '*')
        .type('text/html; charset=utf-8')
        .send(fragment);
    });
  };
}
