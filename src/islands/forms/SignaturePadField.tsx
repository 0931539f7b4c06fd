import { useEffect, useRef, type Ref } from 'react';
import SignaturePad from 'signature_pad';
import { secondaryButtonClass } from '../shared/form-kit';
import { MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from '../../lib/waivers';

interface Props {
  id: string;
  /** A PNG data URL after each stroke; '' once cleared. */
  onChange: (dataUrl: string) => void;
  error?: string | undefined;
  /** react-hook-form's ref, so a missing signature can take focus like any other field. */
  focusRef?: Ref<HTMLDivElement>;
  /** The pad's words, in the waiver's language. */
  words: { label: string; hint: string; clear: string };
}

/**
 * Drawing a signature with a mouse, finger or stylus (signature_pad). People who cannot drag a
 * pointer sign by typing their name instead (WCAG 2.5.7); the form offers that choice beside this.
 */
export default function SignaturePadField({ id, onChange, error, focusRef, words }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#0f172a', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;

    // The bitmap must match the displayed size times the pixel ratio, or strokes land off the pointer.
    const fit = () => {
      // Sharp on high-density screens, but never a bitmap larger than the server accepts.
      const ratio = Math.min(
        Math.max(window.devicePixelRatio || 1, 1),
        MAX_SIGNATURE_WIDTH / Math.max(canvas.offsetWidth, 1),
        MAX_SIGNATURE_HEIGHT / Math.max(canvas.offsetHeight, 1),
      );
      const data = pad.toData();
      canvas.width = Math.floor(canvas.offsetWidth * ratio);
      canvas.height = Math.floor(canvas.offsetHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    const done = () => onChangeRef.current(pad.isEmpty() ? '' : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', done);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', done);
      pad.off();
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    onChange('');
  };

  return (
    <div>
      <p id={`${id}-label`} className="font-semibold text-slate-900">
        {words.label}
      </p>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {words.hint}
      </p>
      <div
        ref={focusRef}
        tabIndex={-1}
        className={`mt-2 rounded-xl border-2 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${error ? 'border-red-700' : 'border-slate-400'}`}
      >
        <canvas
          ref={canvasRef}
          id={id}
          role="img"
          aria-labelledby={`${id}-label`}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          data-testid="signature-pad"
          className="block h-44 w-full touch-none rounded-xl"
        />
      </div>
      <div className="mt-2 flex items-center justify-between gap-3">
        <button type="button" className={secondaryButtonClass} onClick={clear}>
          {words.clear}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
