export interface ServiceArea {
  id: string;
  slug: string;
  city: string;
  state: string;
  deliveryFeeCents: number;
  taxRateBps: number;
  minimumOrderCents: number;
  zipCodes: string[];
}
