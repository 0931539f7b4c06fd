import type { StaffRole } from '../auth';
import { adminPaths } from '../paths';

export interface AdminSection {
  href: string;
  label: string;
  /** The lowest role that may open the screen; the API enforces the same rule per action. */
  role: StaffRole;
  description: string;
  /**
   * false for the content editor: Decap CMS's own interface, made for a computer screen, not one of
   * this admin's screens (which all fit a phone: tests/e2e/admin-phone.spec.ts).
   */
  phone?: false;
}

/**
 * The admin screens in menu order. Crew run the day (the day's routes, calendar, bookings, waivers, cakes, units,
 * prices read-only); managers run operations, products and reports; owners also users, settings and payments.
 */
export const adminSections: AdminSection[] = [
  { href: adminPaths.day, label: 'The day', role: 'crew', description: 'Drop-offs and pickups by truck, in driving order, with loading lists.' },
  { href: adminPaths.bookings, label: 'Bookings', role: 'crew', description: 'Every booking: status, units, payments, delivery sheets.' },
  { href: adminPaths.calendar, label: 'Calendar', role: 'crew', description: 'Month, week and day views of bookings, holds and blackouts.' },
  { href: adminPaths.waivers, label: 'Waivers', role: 'crew', description: 'Signed waivers by event date, with their PDFs.' },
  { href: adminPaths.cakeOrders, label: 'Cake orders', role: 'crew', description: 'The cake pipeline from new to delivered.' },
  { href: adminPaths.inventory, label: 'Inventory', role: 'crew', description: 'Units per product, status, maintenance and utilisation.' },
  { href: adminPaths.products, label: 'Products', role: 'crew', description: 'Catalog, prices, photos and SEO fields.' },
  { href: adminPaths.categories, label: 'Categories', role: 'manager', description: 'Product categories shown on the site.' },
  { href: adminPaths.blackouts, label: 'Blackouts', role: 'manager', description: 'Dates closed for the business, a category or a product.' },
  { href: adminPaths.inbox, label: 'Inbox', role: 'manager', description: 'Contact and support messages, with the customer’s history.' },
  { href: adminPaths.quotes(), label: 'Quotes', role: 'manager', description: 'Quote requests: reply with a priced offer, convert to a booking.' },
  { href: adminPaths.customers, label: 'Customers', role: 'manager', description: 'Customers with their bookings and lifetime value.' },
  { href: adminPaths.productSuggestions, label: 'Product Suggestions', role: 'manager', description: 'What customers would like us to rent.' },
  { href: adminPaths.reports, label: 'Reports', role: 'manager', description: 'Revenue, bookings, utilisation and deposits, with CSV export.' },
  { href: adminPaths.content, label: 'Content', role: 'manager', description: 'City pages, services, information pages, FAQ and reviews, edited in the browser.', phone: false },
  { href: adminPaths.analytics, label: 'Analytics', role: 'manager', description: 'Page views and the booking funnel.' },
  { href: adminPaths.users, label: 'Users', role: 'owner', description: 'Staff accounts and roles.' },
  { href: adminPaths.settings, label: 'Settings', role: 'owner', description: 'Business profile, deposit, fees, areas, taxes, coupons.' },
  { href: adminPaths.stripe, label: 'Payments (Stripe)', role: 'owner', description: 'Stripe mode, webhook health, payments and refunds.' },
];

/**
 * The lowest role that may open the screens under a menu entry (its `href`, as the admin layout's
 * `section`): the layout shows those screens to no one below it. A screen outside the menu says its own.
 */
export function sectionRole(section: string): StaffRole {
  const entry = adminSections.find((s) => s.href === section);
  if (!entry) throw new Error(`No admin menu entry at ${section}: give the screen's role to the layout`);
  return entry.role;
}
