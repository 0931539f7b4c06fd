export interface ServiceArea {
  id: string;
  slug: string;
  city: string;
  state: string;
  /** '' when not known. */
  county: string;
  deliveryFeeCents: number;
  taxRateBps: number;
  minimumOrderCents: number;
  zipCodes: string[];
}
