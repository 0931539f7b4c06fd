import { announceCatalogChange } from '../publishing/PublishingPanel';
import type { SaveRequest } from '../shared/record-editor';

/**
 * Saves a catalog record from its editor: PUT to the record when it exists, POST to the list when it
 * is new; once saved, the publishing panel hears of the change (the public site shows it after a publish).
 */
export async function saveCatalogRecord<D, R>(
  editor: { save(request: SaveRequest<D, R>): Promise<R | null> },
  api: { list(): string; one(id: string): string },
  existing: { id: string } | null,
  { body, saved: savedToast, created: createdToast, pick }: { body: unknown; saved: string; created: string; pick(data: D): R },
): Promise<R | null> {
  const saved = await editor.save(
    existing ? { url: api.one(existing.id), method: 'PUT', body, success: savedToast, pick } : { url: api.list(), method: 'POST', body, success: createdToast, pick },
  );
  if (saved) announceCatalogChange();
  return saved;
}
