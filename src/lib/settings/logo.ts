import { sniffImageType } from '../images';
import { publicApi } from '../paths';

/**
 * The business's logo, shown in the site's header (the business's name is its alt text). Raster
 * images only: an SVG can carry scripts and links, and the logo is served from our own origin.
 */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
const EXTENSIONS: Record<LogoType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export const LOGO_TYPE_MESSAGE = 'Choose a PNG, JPEG or WebP image (SVG is not accepted)';

export type LogoCheck = { ok: true; type: LogoType; extension: string } | { ok: false; message: string };

/** Type by the file's own bytes (not its name or the browser's claim), and size. */
export function checkLogo(bytes: Uint8Array): LogoCheck {
  if (bytes.byteLength === 0) return { ok: false, message: 'That file is empty' };
  if (bytes.byteLength > LOGO_MAX_BYTES) return { ok: false, message: 'Choose a logo of at most 1 MB' };
  const type = sniffImageType(bytes);
  if (type === null || !(LOGO_TYPES as readonly string[]).includes(type)) return { ok: false, message: LOGO_TYPE_MESSAGE };
  return { ok: true, type: type as LogoType, extension: EXTENSIONS[type as LogoType] };
}

/** Where a logo is kept in the file storage; a new upload gets a new name, so its address can be cached forever. */
export const logoStoragePath = (id: string, extension: string) => `logos/${id}.${extension}`;

const STORED = /^logos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpg|webp))$/;

/** The public address of the stored logo (`settings.logoPath`), or null when there is none. */
export function logoUrl(logoPath: string): string | null {
  const file = STORED.exec(logoPath)?.[1];
  return file ? publicApi.logo(file) : null;
}
