import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { env } from '../config';

/**
 * The QuickBooks tokens are stored encrypted (AES-256-GCM, a fresh 96-bit IV each time, the tag checked
 * on reading) with QUICKBOOKS_TOKEN_KEY, which lives only in the site's environment: a copy of the
 * database alone does not open the owner's books. Nothing else in the project is encrypted at rest.
 */
function key(): Buffer {
  const value = env().QUICKBOOKS_TOKEN_KEY;
  if (!value) throw new Error('QUICKBOOKS_TOKEN_KEY is not set: QuickBooks tokens cannot be stored.');
  return Buffer.from(value, 'base64');
}

export function encryptToken(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decryptToken(stored: string): string {
  const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !data) throw new Error('A stored QuickBooks token is not in the expected form.');
  const decipher = createDecipheriv('aes-256-gcm', key(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
