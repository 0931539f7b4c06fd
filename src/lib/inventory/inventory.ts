import type { DamageReportDto } from '../day';
import { z } from '../validation';
import { DATE_YEARS_MESSAGE, daysBetween, isInDateYears, isIsoDate } from '../time';
import { listQuery } from '../lists';
import type { Utilisation } from './utilisation';

/** What a unit can be: the schema's check constraint on inventory_units.status. */
export const unitStatuses = ['available', 'maintenance', 'retired'] as const;
export type UnitStatus = (typeof unitStatuses)[number];
export const unitStatusLabels: Record<UnitStatus, string> = { available: 'Available', maintenance: 'In maintenance', retired: 'Retired' };

const unitStatus = z.enum(unitStatuses, { error: 'Choose a status: available, maintenance or retired' });
const optionalDate = z
  .string()
  .refine((v) => v === '' || isIsoDate(v), 'Give a date (YYYY-MM-DD)')
  .refine(isInDateYears, DATE_YEARS_MESSAGE)
  .optional();

/** Longest period the utilisation figures look at, so one request stays cheap. */
export const MAX_PERIOD_DAYS = 366;
export const DEFAULT_PERIOD_DAYS = 90;

const bothDates = (q: { from?: string | undefined; to?: string | undefined }) => !!q.from && !!q.to && isIsoDate(q.from) && isIsoDate(q.to);

/** from/to (inclusive local dates) for utilisation; both or neither, default the last 90 days. */
export const periodQuery = z
  .object({ from: optionalDate, to: optionalDate })
  .refine((q) => !q.from === !q.to, { path: ['to'], message: 'Give both ends of the period, or neither' })
  // zod runs these even when a date failed its own check, so each rule re-checks the dates.
  .refine((q) => !bothDates(q) || q.to! >= q.from!, { path: ['to'], message: 'The period cannot end before it starts' })
  .refine((q) => !bothDates(q) || daysBetween(q.from!, q.to!) < MAX_PERIOD_DAYS, { path: ['to'], message: `Look at most ${MAX_PERIOD_DAYS} days at a time` });

export const inventorySorts = ['product', 'label', 'status', 'utilisation', 'updated'] as const;
export const inventoryQuery = listQuery(inventorySorts, 'product')
  .extend({
    status: z.union([unitStatus, z.literal('')]).default(''),
    categoryId: z.union([z.uuid('Choose a category from the list'), z.literal('')]).default(''),
  })
  .and(periodQuery);
export type InventoryQuery = z.infer<typeof inventoryQuery>;

const label = z.string({ error: 'Give the unit a label' }).trim().min(1, 'Give the unit a label').max(40, 'Use at most 40 characters');
const serialNumber = z.string().trim().max(80, 'Use at most 80 characters');
const notes = z.string().max(2000, 'Keep notes under 2,000 characters');
const purchasedOn = z.string().refine(isIsoDate, 'Give a date (YYYY-MM-DD)').nullable();
const purchaseCostCents = z.number().int('Whole cents only').min(0, 'Cannot be negative').max(100_000_000, 'That is more than $1,000,000').nullable();

export const newUnitInput = z.object({
  label,
  serialNumber: serialNumber.default(''),
  status: unitStatus.default('available'),
  notes: notes.default(''),
  purchasedOn: purchasedOn.default(null),
  purchaseCostCents: purchaseCostCents.default(null),
});
export type NewUnitInput = z.infer<typeof newUnitInput>;

/** A change to a unit: only the fields sent change. Crew may only change notes (they find the damage on site). */
export const unitChange = z
  .object({ label, serialNumber, status: unitStatus, notes, purchasedOn, purchaseCostCents })
  .partial()
  .refine((c) => Object.keys(c).length > 0, { message: 'Nothing to change', path: ['_'] });
export type UnitChange = z.infer<typeof unitChange>;

export const CREW_EDITABLE_UNIT_FIELDS: readonly (keyof UnitChange)[] = ['notes'];

export interface UnitDto {
  id: string;
  productId: string;
  productName: string;
  categoryName: string;
  label: string;
  serialNumber: string;
  status: UnitStatus;
  notes: string;
  purchasedOn: string | null;
  purchaseCostCents: number | null;
  createdAt: string;
  updatedAt: string;
  utilisation: Utilisation;
  /** Bookings still to come that hold this unit: moving it to maintenance does not move them. */
  upcomingBookings: number;
  /** What the crew reported from the day screen, newest first (each also left a line in `notes`). */
  damageReports: DamageReportDto[];
}

export interface Period {
  from: string;
  to: string;
}

export interface InventorySummary {
  period: Period;
  units: number;
  byStatus: Record<UnitStatus, number>;
  utilisation: Utilisation;
}

export interface ProductInventory {
  product: { id: string; name: string; slug: string; categoryName: string; tracksInventory: boolean; isPackage: boolean };
  summary: InventorySummary;
  units: UnitDto[];
}

/** 0.4567 → '46 %'; a little use never reads as none ('<1 %'); null → '—' (no rentable days in the period). */
export function formatRatio(ratio: number | null): string {
  if (ratio === null) return '—';
  if (ratio > 0 && ratio < 0.005) return '<1 %';
  return `${Math.round(ratio * 100)} %`;
}

/** GET /api/admin/inventory */
export interface InventoryList {
  items: UnitDto[];
  total: number;
  page: number;
  pageSize: number;
  summary: InventorySummary;
  /** Categories that have units, for the filter. */
  categories: { id: string; name: string }[];
}
