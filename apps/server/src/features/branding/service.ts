import { eq, sql } from 'drizzle-orm';
import {
  brandingLogoPath,
  DEFAULT_BRANDING,
  LOGO_STORED_MAX_SIDE,
  type Branding,
  type BrandingInput,
} from '@tt/domain';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { reencodePicture } from '../community/service.ts';
import { branding } from './tables.ts';

const settingsColumns = {
  primary_color: branding.primary_color,
  secondary_color: branding.secondary_color,
  accent_color: branding.accent_color,
  app_name: branding.app_name,
  tagline: branding.tagline,
  font: branding.font,
  theme: branding.theme,
  version: branding.version,
  updated_at: branding.updated_at,
  has_logo: sql<boolean>`${branding.logo} is not null`,
};

interface Row {
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  app_name: string;
  tagline: string;
  font: string;
  theme: string;
  version: number;
  updated_at: Date;
  has_logo: boolean;
}

function toBranding(row: Row | undefined): Branding {
  if (!row) return { ...DEFAULT_BRANDING, logo_url: null, version: 0, updated_at: null };
  return {
    primary_color: row.primary_color,
    secondary_color: row.secondary_color,
    accent_color: row.accent_color,
    app_name: row.app_name,
    tagline: row.tagline,
    font: row.font as Branding['font'],
    theme: row.theme as Branding['theme'],
    logo_url: row.has_logo ? brandingLogoPath(row.version) : null,
    version: row.version,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The deployment's branding: the saved row, or the defaults (version 0) while nothing was saved. */
export async function getBranding(db: Db): Promise<Branding> {
  const [row] = await db.select(settingsColumns).from(branding).where(eq(branding.id, 1));
  return toBranding(row);
}

/** One statement: the row is written, or created with the defaults for what is not given, and its version goes up. */
async function upsert(
  db: Db,
  userId: number,
  values: Partial<BrandingInput> & { logo?: Buffer | null },
): Promise<Branding> {
  const [row] = await db
    .insert(branding)
    .values({ id: 1, ...DEFAULT_BRANDING, ...values, updated_by: userId })
    .onConflictDoUpdate({
      target: branding.id,
      set: { ...values, updated_by: userId, updated_at: sql`now()`, version: sql`${branding.version} + 1` },
    })
    .returning(settingsColumns);
  return toBranding(row);
}

export function saveBranding(db: Db, userId: number, input: BrandingInput): Promise<Branding> {
  return upsert(db, userId, input);
}

export function saveLogo(db: Db, userId: number, bytes: Buffer): Promise<Branding> {
  // Decoded and encoded afresh before anything is written: a refused upload leaves the row as it was.
  const image = reencodePicture(bytes, LOGO_STORED_MAX_SIDE);
  return upsert(db, userId, { logo: image.data });
}

export function removeLogo(db: Db, userId: number): Promise<Branding> {
  return upsert(db, userId, { logo: null });
}

/** The logo's bytes and the version they belong to. */
export async function logoBytes(db: Db): Promise<{ data: Buffer; version: number }> {
  const [row] = await db
    .select({ data: branding.logo, version: branding.version })
    .from(branding)
    .where(eq(branding.id, 1));
  if (!row?.data) throw fail('not_found');
  return { data: row.data, version: row.version };
}
