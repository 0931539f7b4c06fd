import { useState } from 'react';
import { publicApi } from '../../lib/paths';
import { requestJson } from '../shared/api';
import { primaryButtonClass } from '../shared/form-classes';

/**
 * The unsubscribe link in a message's body (/unsubscribe?address=…&key=…): one button puts the address
 * on the suppression list (the same endpoint a mail client's one-click button posts to).
 */
export default function Unsubscribe({ words: t }: { words: { done: string; ask: string; button: string } }) {
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const unsubscribe = async () => {
    const params = new URLSearchParams(location.search);
    setState('sending');
    setProblem(null);
    const result = await requestJson(publicApi.unsubscribe(params.get('address') ?? '', params.get('key') ?? ''), {
      method: 'POST',
      json: {},
    });
    if (result.ok) setState('done');
    else {
      setState('idle');
      setProblem(result.error.message);
    }
  };
  if (state === 'done') {
    return (
      <p
        role="status"
        className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 font-semibold text-emerald-900"
      >
        {t.done}
      </p>
    );
  }
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <p className="text-slate-900">
        {t.ask}
      </p>
      {problem && (
        <p role="alert" className="font-semibold text-red-800">
          {problem}
        </p>
      )}
      <button
        type="button"
        className={primaryButtonClass}
        disabled={state === 'sending'}
        onClick={() => void unsubscribe()}
      >
        {t.button}
      </button>
    </div>
  );
}
