import type { SitePhoto } from '../../../lib/site-photos';

/**
 * The customer's photos of the setup spot (issue #38) as thumbnails, each opening the full photo in a new
 * tab. The addresses are behind the staff session (the files are private, like damage photos).
 */
export function SitePhotoLinks({ photos, size = 'size-20' }: { photos: readonly SitePhoto[]; size?: string }) {
  if (photos.length === 0) return null;
  return (
    <ul aria-label="Photos of the setup spot" className="flex flex-wrap gap-2" data-testid="site-photos">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noopener noreferrer" className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-700">
            <img src={photo.url} alt={`Setup spot photo ${index + 1} (opens a new tab)`} loading="lazy" className={`${size} rounded-lg border border-slate-300 object-cover`} />
          </a>
        </li>
      ))}
    </ul>
  );
}
