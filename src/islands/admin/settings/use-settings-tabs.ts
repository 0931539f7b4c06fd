import { useEffect, useState, type KeyboardEvent } from 'react';
import { confirmDiscard } from '../shared/unsaved-changes';
import { labelledOptions } from '../../../lib/labels';

export const tabs = labelledOptions({
  profile: 'Business profile',
  booking: 'Booking rules',
  payments: 'Deposit & payments',
  reminders: 'Reminders',
  areas: 'Service areas & fees',
  coupons: 'Coupons',
  site: 'Site rules',
  embed: 'Add to your website',
  changes: 'Changes & cancellations',
  day: 'Warehouse & trucks',
  limits: 'Limits',
  accounting: 'Accounting',
});
export type TabId = (typeof tabs)[number]['id'];

const isTab = (id: string | null): id is TabId => tabs.some((t) => t.id === id);

/** The tab in the address: its #hash, else `?tab=` (where a server sends an owner back: Intuit's redirect lands on Accounting). */
const tabFromAddress = (): TabId => {
  if (typeof location === 'undefined') return 'profile';
  const hash = location.hash.slice(1);
  const search = new URLSearchParams(location.search);
  // Intuit's redirect back (the QuickBooks app's redirect URI is this page): its code, or its refusal, with the `state`.
  const fromIntuit = search.has('state') && (search.has('code') || search.has('error'));
  const asked = fromIntuit ? 'accounting' : search.get('tab');
  return isTab(hash) ? hash : isTab(asked) ? asked : 'profile';
};

/**
 * The settings screen's tabs: which one is open (from the address's #hash, kept there as staff switch),
 * the warning before a tab with unsaved changes goes away, and the arrow, Home and End keys of a tab list.
 */
export function useSettingsTabs() {
  const [tab, setTab] = useState<TabId>('profile');
  useEffect(() => setTab(tabFromAddress()), []);
  const choose = (id: TabId, focus = false) => {
    // A tab's form goes away with the tab: ask before unsaved changes go with it.
    if (id !== tab && !confirmDiscard()) return;
    setTab(id);
    history.replaceState(history.state, '', `#${id}`);
    if (focus) document.getElementById(`tab-${id}`)?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (event.key === 'Home') choose(tabs[0]!.id, true);
    else if (event.key === 'End') choose(tabs[tabs.length - 1]!.id, true);
    else if (step) choose(tabs[(index + step + tabs.length) % tabs.length]!.id, true);
    else return;
    event.preventDefault();
  };
  return { tab, choose, onKey };
}
