import { useSyncExternalStore } from 'react';
import { MAX_SITE_PHOTOS } from '../../lib/site-photos';
import { PhotoThumbs, SitePhotosField, type PhotoThumbsWords, type SitePhotosFieldWords } from '../shared/SitePhotosField';
import { onPickedSitePhotos, pickedSitePhotos, setPickedSitePhotos } from './site-photo-outbox';
import { fieldId } from '../shared/form-ids';

/** Checkout's photos of the setup spot: picked and shrunk here, sent once the booking is placed (site-photo-outbox). */
export function SitePhotoPicker({ formId, words }: { formId: string; words?: (SitePhotosFieldWords & PhotoThumbsWords) | undefined }) {
  const picked = useSyncExternalStore(onPickedSitePhotos, pickedSitePhotos, pickedSitePhotos);
  return (
    <div className="space-y-3">
      <SitePhotosField
        id={fieldId(formId, 'photos')}
        room={MAX_SITE_PHOTOS - picked.length}
        busy={false}
        error={undefined}
        onPhotos={(photos) => setPickedSitePhotos([...picked, ...photos])}
        words={words}
      />
      <PhotoThumbs photos={picked} onRemove={(index) => setPickedSitePhotos(picked.filter((_, i) => i !== index))} words={words} />
    </div>
  );
}
