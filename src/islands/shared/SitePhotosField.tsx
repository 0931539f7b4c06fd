import { useState } from 'react';
import { MAX_SITE_PHOTOS } from '../../lib/site-photos';
import { Field } from './form-kit';
import { shrinkPhotos } from './shrink-photo';
import { interpolate, pluralOf, type PluralForms } from '../../lib/i18n';

/** The field's words in the page's language (a Spanish page gives its own; English when none). */
export interface SitePhotosFieldWords {
  label: string;
  optional: string;
  /** The words on the button that opens the phone's photos or the file picker. */
  choose: string;
  hint: string;
  room: PluralForms;
}

/** The thumbnails' words (each takes `{n}`, the photo's number); English when none. */
export interface PhotoThumbsWords {
  label: string;
  photoAlt: string;
  remove: string;
}
const ENGLISH_THUMBS: PhotoThumbsWords = { label: 'Photos of the setup spot', photoAlt: 'Photo {n} of the setup spot', remove: 'Remove photo {n}' };

/**
 * "Photos of the setup spot" (issue #38), as checkout and the tracking page ask for them: the picked
 * files shrunk in the browser, then handed on all at once (`onPhotos`), or, when one is not an image,
 * none of them and the reason at the field. `room`: how many more the booking takes.
 */
export function SitePhotosField({ id, room, busy, error, onPhotos, hint, words }: {
  id: string;
  room: number;
  busy: boolean;
  /** What the server (or the caller) said about the last photos. */
  error: string | undefined;
  onPhotos: (photos: string[]) => void;
  hint?: string;
  words?: SitePhotosFieldWords | undefined;
}) {
  const [problem, setProblem] = useState<string | undefined>();
  const [reading, setReading] = useState(false);
  const take = async (files: File[]) => {
    setProblem(undefined);
    if (files.length > room) {
      setProblem(words ? pluralOf(room, words.room) : room === 1 ? 'Choose 1 more photo at most.' : `Choose ${room} more photos at most.`);
      return;
    }
    setReading(true);
    const { photos, problem: notAPhoto } = await shrinkPhotos(files);
    setReading(false);
    if (notAPhoto) setProblem(notAPhoto);
    else onPhotos(photos);
  };
  return (
    <Field
      id={id}
      label={words?.label ?? 'Photos of the setup spot'}
      optional
      optionalText={words?.optional}
      hint={hint ?? (words ? interpolate(words.hint, { max: MAX_SITE_PHOTOS }) : undefined) ?? `Up to ${MAX_SITE_PHOTOS} photos of where we set up and the way in from the street, so the crew know the spot before they arrive.`}
      error={problem ?? error}
      announceError
    >
      {(aria) => (
        // The browser writes its own file button in its own language ("Choose Files", "No file chosen" on a
        // Spanish page), and no style changes those words: the input is only visually hidden (still focused
        // by Tab and opened by Space, its label and hint read by a screen reader), and a label in the page's
        // language is the button one sees and taps, opening the same picker.
        <>
          <input
            {...aria}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            disabled={busy || reading || room <= 0}
            className="peer sr-only"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              // Cleared, so the same file picked again after an error is a change again.
              e.target.value = '';
              if (files.length > 0) void take(files);
            }}
          />
          <label
            htmlFor={aria.id}
            className="mt-1 inline-flex min-h-11 cursor-pointer items-center rounded-full bg-brand-100 px-5 font-semibold text-brand-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:opacity-60"
          >
            {words?.choose ?? 'Choose photos'}
          </label>
        </>
      )}
    </Field>
  );
}

/** Thumbnails of photos picked or sent on this page, each with an optional Remove button. */
export function PhotoThumbs({ photos, onRemove, words = ENGLISH_THUMBS }: { photos: readonly string[]; onRemove?: (index: number) => void; words?: PhotoThumbsWords | undefined }) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-3" aria-label={words.label}>
      {photos.map((src, index) => (
        <li key={`${index}-${src.length}`} className="flex flex-col items-start gap-1">
          <img src={src} alt={interpolate(words.photoAlt, { n: index + 1 })} className="size-24 rounded-lg border border-slate-200 object-cover" />
          {onRemove && (
            <button type="button" className="min-h-11 text-sm font-semibold text-brand-800 underline underline-offset-4" onClick={() => onRemove(index)}>
              {interpolate(words.remove, { n: index + 1 })}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
