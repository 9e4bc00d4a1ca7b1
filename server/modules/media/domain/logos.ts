import type { Db } from '../../../db/pool.ts';
import { cleanSettings } from '../../vendors/index.ts';
import type { Theme } from './svg.ts';

/** The name a drawn picture is asked for by: the slug of a vendor, store, item, … */
export const MEDIA_SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

/** A vendor's logo or favicon as this server draws it (/media/logo/<slug>.svg, /media/favicon/<slug>.svg). */
export interface DrawnLogo {
  kind: 'logo' | 'favicon';
  slug: string;
}

const DRAWN_LOGO_PATH = /^\/media\/(logo|favicon)\/([^/]+)\.svg$/;

/**
 * The drawn logo an address names, whatever its host (a vendor's settings name them on the host they were
 * read from); undefined for any other address.
 */
export function drawnLogoOf(url: string): DrawnLogo | undefined {
  let path: string;
  try {
    path = new URL(url, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  const [, kind, slug = ''] = DRAWN_LOGO_PATH.exec(path) ?? [];
  return (kind === 'logo' || kind === 'favicon') && MEDIA_SLUG.test(slug) ? { kind, slug } : undefined;
}

/** Told of a stored theme colour that was refused. */
export type ThemeWarning = (problem: { vendor_id: number; field: string; value: unknown }) => void;

/** How a vendor's drawn logo looks: its theme colours (when it sets both) and its own name, written beside the mark. */
export interface LogoLook {
  theme?: Theme;
  name?: string;
}

/**
 * How logos and favicons are drawn for the vendor whose slug they carry (e.g. /media/logo/harbor-eats.svg):
 * in its theme, when it sets both colours (a stored colour outside the colour grammar is the default colour,
 * told to `warn`), with its name as stored. Nothing for a slug no vendor has.
 */
export async function logoLook(db: Db, slug: string, warn: ThemeWarning): Promise<LogoLook> {
  const { rows } = await db.query<{ id: number; name: string; primary: string | null; secondary: string | null }>(
    `SELECT id, name, settings #>> '{web_settings,theme_primary_color}' AS primary,
            settings #>> '{web_settings,theme_secondary_color}' AS secondary
     FROM vendors WHERE slug = $1`,
    [slug],
  );
  const row = rows[0];
  if (!row) return {};
  if (!row.primary || !row.secondary) return { name: row.name };
  const { web_settings: web } = cleanSettings(
    { web_settings: { theme_primary_color: row.primary, theme_secondary_color: row.secondary } },
    (problem) => warn({ vendor_id: row.id, ...problem }),
  );
  return { theme: { primary: web.theme_primary_color, secondary: web.theme_secondary_color }, name: row.name };
}
