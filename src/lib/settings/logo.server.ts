import { randomUUID } from 'node:crypto';
import type { Audit } from '../auth/index.server';
import { auditedChange } from '../admin/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError, readBody } from '../http';
import type { FileStorage, StoredFile } from '../storage';
import { checkLogo, LOGO_MAX_BYTES, logoStoragePath, logoUrl } from './logo';
import { publicApi } from '../paths';

export const LOGO_NOT_SAVED = 'We can’t save the logo right now: file storage is not answering. Nothing changed; please try again in a minute.';

/** An upload's raw bytes; past the limit it is refused on the logo field. */
export async function readLogoBody(req: Request): Promise<Uint8Array> {
  return readBody(req, LOGO_MAX_BYTES + 1, () => fieldError('logo', 'Choose a logo of at most 1 MB'));
}

export interface BusinessLogo {
  logoPath: string;
  /** Its public address, null when there is no logo. */
  logoUrl: string | null;
}

/**
 * The business's logo (owners: the settings screen and the first-run setup). Stores the file first,
 * then points the settings at it with the audit entry and a rebuild request in one transaction: a
 * failed upload changes nothing (at worst an unreferenced file in storage).
 */
export async function uploadBusinessLogo(db: Database, storage: FileStorage, bytes: Uint8Array, audit: Audit): Promise<BusinessLogo> {
  const check = checkLogo(bytes);
  if (!check.ok) throw fieldError('logo', check.message);
  const path = logoStoragePath(randomUUID(), check.extension);
  await storage.put(path, bytes, check.type).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'unavailable' ? new AppError('unavailable', LOGO_NOT_SAVED) : error;
  });
  return setLogoPath(db, path, audit, 'Logo changed');
}

/** No logo: the header shows the business's name alone. */
export async function removeBusinessLogo(db: Database, audit: Audit): Promise<BusinessLogo> {
  return setLogoPath(db, '', audit, 'Logo removed');
}

async function setLogoPath(db: Database, path: string, audit: Audit, reason: string): Promise<BusinessLogo> {
  return auditedChange(db, audit, {
    lock: async (tx) => {
      const [row] = await tx<{ logo_path: string }[]>`select logo_path from business_settings where id for update`;
      if (!row) throw new AppError('not_found', 'Save the business profile first.');
      return row;
    },
    change: async (tx) => {
      await tx`update business_settings set logo_path = ${path}, updated_at = now() where id`;
      return { logoPath: path, logoUrl: logoUrl(path) };
    },
    audit: (after, row) => ({ action: 'settings.logo', entity: 'business_settings', entityId: 'logo', before: { logoPath: row.logo_path }, after }),
    rebuild: (_, row) => row.logo_path !== path && reason,
  });
}

/** The current logo's bytes for /api/logo/{file}; only the logo the settings point at is served. */
export async function readPublicLogo(sql: Sql, storage: FileStorage, file: string): Promise<StoredFile | null> {
  const [row] = await sql<{ logo_path: string }[]>`select logo_path from business_settings where id`;
  if (!row || logoUrl(row.logo_path) !== publicApi.logo(file)) return null;
  return storage.get(row.logo_path);
}
