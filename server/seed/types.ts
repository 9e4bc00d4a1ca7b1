import type { VendorSettings } from '../../contract/api/settings.ts';

/** Per-language text overrides, e.g. {ar: {name: '…'}}. */
export type I18n = Record<string, Record<string, string>>;

export interface OptionGroupSeed {
  name: string;
  min: number;
  max: number;
  i18n?: I18n;
  /** [name, price in major units, i18n?] */
  options: Array<[string, number, I18n?]>;
}

export interface ItemSeed {
  name: string;
  description: string;
  /** Major units, e.g. 12.5. */
  price: number;
  mrp?: number;
  veg: boolean;
  stock?: number;
  available?: boolean;
  unit?: string;
  tax?: number;
  packaging?: number;
  featured?: boolean;
  /** Offered by subscription (Subscribe beside Add). */
  subscribable?: boolean;
  /** Merchandising tags; featured items default to ['Bestseller']. */
  tags?: string[];
  i18n?: I18n;
  groups?: OptionGroupSeed[];
}

export interface CategorySeed {
  name: string;
  i18n?: I18n;
  items: ItemSeed[];
}

/** [weekdays 0=Sun…6=Sat, opens 'HH:MM', closes 'HH:MM'] */
export type HoursSeed = Array<[number[], string, string]>;

export interface StoreSeed {
  name: string;
  slug: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  cuisines: string[];
  radiusKm: number;
  rating: number;
  deliveryTime: number;
  twoPersonPrice: number;
  discountText?: string;
  veg?: boolean;
  onOff?: boolean;
  preOrder?: boolean;
  showBy?: 'distence' | 'time';
  minOrder?: number;
  packaging?: number;
  /** Tax percent of the store's items that name none. */
  tax?: number;
  /** Delivery: the base charge (default 2.99) covers deliveryFreeKm (default 2), then deliveryPerKm per started km. */
  deliveryCharge?: number;
  deliveryFreeKm?: number;
  deliveryPerKm?: number;
  /** Omitted = open around the clock. */
  hours?: HoursSeed;
  i18n?: I18n;
  categories: CategorySeed[];
}

export interface CouponSeed {
  code: string;
  name: string;
  description: string;
  type: 'Delivery' | 'Pickup' | 'Both';
  percent?: number;
  flat?: number;
  maxDiscount?: number;
  minOrder?: number;
  cashback?: number;
  freeOrder?: boolean;
  /** Days from now; negative = already expired. */
  expiresInDays?: number;
  perCustomer?: number;
  i18n?: I18n;
}

export interface VendorSeed {
  slug: string;
  name: string;
  hosts: string[];
  currencyCode: string;
  currencySymbol: string;
  priceDecimals: number | null;
  countryCode: string;
  productType: number;
  primaryLang: string;
  secondaryLang: string;
  languages: string[];
  defaultLang: string;
  lat: number;
  lng: number;
  timeZone: string;
  settings: Partial<Omit<VendorSettings, 'vendor_id'>>;
  i18n: Record<string, unknown>;
  cuisines: Array<{ name: string; i18n?: I18n }>;
  stores: StoreSeed[];
  coupons: CouponSeed[];
  /** Each banner's headline, the line under it and its button's words; i18n may name title, subtitle and action. */
  banners: Array<{ title: string; subtitle?: string; action?: string; slug: string; store?: string; i18n?: I18n }>;
  brands: Array<{ name: string; slug: string; stores: string[]; i18n?: I18n }>;
  customers: Array<{ name: string; mobile: string; email: string; wallet: number }>;
  /** Who takes the orders on their way (the demo simulator drives them); i18n may name name and vehicle. */
  drivers: Array<{ name: string; phone: string; vehicle: string; vehicleNumber: string; i18n?: I18n }>;
}
