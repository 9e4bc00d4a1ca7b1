/** The full page's Content-Security-Policy lets in the social sign-in scripts only for a vendor that configured them. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { seedIfEmpty } from '../../server/seed/index.ts';
import { createTestDb, type TestDb } from '../../server/test/test-db.ts';
import { siteRoot } from '../../server/test/site-root.ts';

function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy']);
  return new Map(header.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
}

describe('social sign-in on the full page', () => {
  let database: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDb();
    await seedIfEmpty(database.db);
    const root = siteRoot({ 'demo/app.html': '<!doctype html><sf-storefront></sf-storefront>', 'dist/storefront.js': '' });
    app = await buildApp({ db: database.db, logger: false, rootDir: root });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const page = (host: string) => app.inject({ method: 'GET', url: '/sign-in', headers: { host } });

  it('allows Google Identity Services and the Facebook SDK only where configured', async () => {
    const before = csp(await page('localhost:8080'));
    // The demo vendor's analytics tags (Google Analytics 4, the Meta Pixel) are there from the start.
    expect(before.get('script-src')).toEqual(["'self'", 'https://*.googletagmanager.com', 'https://connect.facebook.net']);
    expect(before.get('frame-src')).toEqual(["'self'"]);

    await database.db.query(
      `INSERT INTO vendor_social_sign_in (vendor_id, google_client_id, facebook_app_id, facebook_app_secret)
       SELECT id, 'client.apps.googleusercontent.com', '', '' FROM vendors WHERE slug = 'harbor-eats'`,
    );
    const google = csp(await page('localhost:8080'));
    expect(google.get('script-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/client', 'https://*.googletagmanager.com', 'https://connect.facebook.net']);
    expect(google.get('frame-src')).toContain('https://accounts.google.com/gsi/');
    expect(google.get('connect-src')).toContain('https://accounts.google.com/gsi/');

    await database.db.query("UPDATE vendor_social_sign_in SET facebook_app_id = '1234', facebook_app_secret = 's' WHERE google_client_id <> ''");
    const both = csp(await page('localhost:8080'));
    expect(both.get('script-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/client', 'https://connect.facebook.net', 'https://*.googletagmanager.com']);
    expect(both.get('frame-src')).toContain('https://www.facebook.com');

    // Another vendor's page is as it was.
    expect(csp(await page('souq.localhost:8080')).get('script-src')).toEqual(["'self'"]);
  });
});
