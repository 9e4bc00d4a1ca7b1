import { createHash } from 'node:crypto';
import { BoundedCache } from '../../../bounded-cache.ts';
import type { Db } from '../../../db/pool.ts';
import { drawnLogoOf, logoLook, renderSvg } from '../../media/index.ts';
import { drawAppIcons, plainAppIcons, type AppIconFile, type AppIconInputs } from './app-icons.ts';
import { fetchLogo } from './remote-logo.ts';

/** One icon as it is served. */
export interface MadeAppIcon {
  png: Buffer;
  etag: string;
}

/** A vendor's icons of one version. */
export interface AppIconSet {
  icons: ReadonlyMap<AppIconFile, MadeAppIcon>;
  /**
   * Whether they are what the version names (kept as long as anyone likes); false for icons drawn from
   * the initials because the logo could not be fetched or drawn this time, which may go away.
   */
  lasting: boolean;
}

/** What a vendor's icons are asked for by. */
export interface AppIconRequest extends AppIconInputs {
  /** Their version (appIconsVersion). */
  version: string;
  /** The vendor's slug: its initials are drawn when its logo is not. */
  slug: string;
}

export interface AppIconMakerOptions {
  db: Db;
  /** In production a logo is fetched only from the public internet (remote-logo.ts). */
  production: boolean;
  /** Told once of each logo that could not be used (and of a stored theme colour that was refused). */
  warn: (details: Record<string, unknown>, message: string) => void;
  /** Where other servers' logos come from (tests give a stand-in); fetchLogo by default. */
  fetch?: (address: string) => Promise<{ body: Buffer }>;
  now?: () => number;
}

/** Sets of icons kept: one per vendor (and per language with a logo of its own). */
const MAX_SETS = 200;
/** What the kept icons may weigh together. */
const MAX_BYTES = 32 * 1024 * 1024;
/** How long icons drawn in place of a logo that could not be used are kept before the logo is tried again. */
export const LOGO_RETRY_MS = 10 * 60_000;

interface Entry {
  making: Promise<AppIconSet>;
  /** When it is made again: never, unless it stands in for a logo that failed. */
  until: number;
  bytes: number;
}

function made(pngs: Map<AppIconFile, Buffer>): Map<AppIconFile, MadeAppIcon> {
  return new Map([...pngs].map(([file, png]) => [file, { png, etag: `"${createHash('sha1').update(png).digest('base64url')}"` }]));
}

/**
 * Makes the vendors' icons, each set once: from a logo this server draws (rendered here, no network),
 * from another server's logo (fetched once), or from the vendor's initials on its theme colour when
 * there is no logo or it cannot be fetched or drawn (then tried again after LOGO_RETRY_MS).
 */
export class AppIconMaker {
  private readonly sets = new BoundedCache<string, Entry>(MAX_SETS, Number.POSITIVE_INFINITY, Date.now, { max: MAX_BYTES, of: (entry) => entry.bytes });
  private readonly now: () => number;

  constructor(private readonly options: AppIconMakerOptions) {
    this.now = options.now ?? Date.now;
  }

  iconsOf(request: AppIconRequest): Promise<AppIconSet> {
    const key = `${request.slug}/${request.version}`;
    const kept = this.sets.get(key);
    if (kept && kept.until > this.now()) return kept.making;
    const entry: Entry = { making: this.make(request), until: Number.POSITIVE_INFINITY, bytes: 0 };
    this.sets.set(key, entry);
    void entry.making.then((set) => {
      if (this.sets.get(key) !== entry) return;
      if (!set.lasting) entry.until = this.now() + LOGO_RETRY_MS;
      // Kept again now that what it weighs is known.
      entry.bytes = [...set.icons.values()].reduce((sum, icon) => sum + icon.png.length, 0);
      this.sets.set(key, entry);
    }, () => this.sets.delete(key));
    return entry.making;
  }

  private async make(request: AppIconRequest): Promise<AppIconSet> {
    if (request.logo !== undefined) {
      try {
        return { icons: made(await drawAppIcons(await this.logoBytes(request.logo), request.background)), lasting: true };
      } catch (error) {
        this.options.warn(
          { err: error, logo: request.logo, retry_in_s: LOGO_RETRY_MS / 1000 },
          "the vendor's app icons are drawn from its initials: its logo could not be fetched or drawn",
        );
        return { icons: await this.initials(request), lasting: false };
      }
    }
    return { icons: await this.initials(request), lasting: true };
  }

  /** The logo's bytes: one this server draws, rendered here in its vendor's theme; any other, fetched. */
  private async logoBytes(logo: string): Promise<Buffer> {
    const drawn = drawnLogoOf(logo);
    if (drawn) {
      const look = await logoLook(this.options.db, drawn.slug, (problem) => this.options.warn(problem, 'stored vendor setting refused'));
      return Buffer.from(renderSvg(drawn.kind, drawn.slug, look.theme, look.name));
    }
    const fetched = await (this.options.fetch ?? ((address: string) => fetchLogo(address, { production: this.options.production })))(logo);
    return fetched.body;
  }

  /** The icons of the vendor's initials on its theme colour, as the media module draws a vendor's favicon. */
  private async initials(request: AppIconRequest): Promise<Map<AppIconFile, MadeAppIcon>> {
    try {
      return made(await drawAppIcons(Buffer.from(renderSvg('favicon', request.slug, request.theme)), request.background));
    } catch (error) {
      this.options.warn({ err: error, slug: request.slug }, "the vendor's app icons are plain: its initials could not be drawn");
      return made(await plainAppIcons(request.background));
    }
  }
}
