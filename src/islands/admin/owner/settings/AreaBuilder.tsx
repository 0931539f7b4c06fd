/**
 * PLACEHOLDER until the `areas` helper's service-area builder (radius or ZIP list from the warehouse)
 * is merged: that work replaces this whole file with the real builder, same export and props. Until
 * then the wizard's service-area step links to Settings → Service areas, where areas are added one by
 * one, and calls nothing here.
 */
export function AreaBuilder(_props: { onApplied: () => void }) {
  return (
    <p className="text-sm text-slate-800">
      Add the towns you deliver to in{' '}
      <a className="font-semibold text-brand-800 underline" href="/admin/settings#areas" target="_blank" rel="noopener">
        Settings → Service areas & fees
      </a>{' '}
      (opens in a new tab), then come back here and press Next.
    </p>
  );
}
