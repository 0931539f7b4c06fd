import { ScreenHeader } from './ui';

/** Shown instead of an owner screen when its API answers 403: the screen's heading and why it is empty. */
export function NotAllowed({ title, screen }: { title: string; screen: string }) {
  return (
    <>
      <ScreenHeader title={title} />
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
        <h2 className="text-lg font-bold">Not allowed</h2>
        <p className="mt-1 text-sm">{screen} is for owners. Ask an owner if you need something changed here.</p>
      </div>
    </>
  );
}
