import { Type, type Static } from '@sinclair/typebox';

// Bodies are open objects: storefront clients send extra fields (devicetoken, unquie_id…) we ignore.
// ajv coerces '12.5' → 12.5 for number fields, matching the contract's `number | string`.

const idLike = Type.Union([Type.Integer({ minimum: 1 }), Type.Literal('')]);

export const Base = {
  host: Type.Optional(Type.String({ maxLength: 255 })),
  vendor_id: Type.Optional(idLike),
  is_langauge: Type.Optional(Type.String({ maxLength: 10 })),
};

const latitude = Type.Number({ minimum: -90, maximum: 90 });
const longitude = Type.Number({ minimum: -180, maximum: 180 });

export const Mobile = Type.String({ pattern: '^[0-9]{6,15}$' });
export const CountryCode = Type.String({ pattern: '^\\+?[0-9]{1,4}$' });

const identity = {
  ...Base,
  mobile_number: Mobile,
  // Optional: the spec's check-mobile call sends none; the vendor's country code is assumed.
  country_code: Type.Optional(CountryCode),
  user_role: Type.Optional(Type.Literal('1')),
  type: Type.Optional(Type.Literal('customer')),
};

export const GetVendorSettingsBody = Type.Object({
  ...Base,
  latitude: Type.Optional(Type.Union([latitude, Type.Literal('')])),
  longitude: Type.Optional(Type.Union([longitude, Type.Literal('')])),
  order_web: Type.Optional(Type.String()),
});

export const SettingsQuery = Type.Object({
  vendor_id: Type.Integer({ minimum: 1 }),
  is_langauge: Type.Optional(Type.String({ maxLength: 10 })),
});

export const LanguageQuery = Type.Object({
  order_web: Type.Optional(Type.String()),
  host: Type.Optional(Type.String({ maxLength: 255 })),
});

export const IdentityBody = Type.Object(identity);
export type IdentityBody = Static<typeof IdentityBody>;

export const RegistrationBody = Type.Object({
  ...identity,
  user_name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  email: Type.String({ maxLength: 254, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' }),
});
export type RegistrationBody = Static<typeof RegistrationBody>;

export const VerifyOtpBody = Type.Object({ ...identity, otp: Type.String({ pattern: '^[0-9]{4,6}$' }) });
export type VerifyOtpBody = Static<typeof VerifyOtpBody>;

export const UserDetailsBody = Type.Object({
  ...Base,
  latitude: Type.Optional(Type.Union([latitude, Type.Literal('')])),
  longitude: Type.Optional(Type.Union([longitude, Type.Literal('')])),
});

export const LogoutBody = Type.Object({
  ...Base,
  user_id: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  devicetype: Type.Optional(Type.String()),
  devicetoken: Type.Optional(Type.String()),
  unquie_id: Type.Optional(Type.String()),
});

export const SORT_TYPES = ['rating', 'distance', 'cost_low', 'cost_high'] as const;
export const FILTER_TYPES = ['veg', 'non_veg', 'offers', 'open_now', 'pre_order'] as const;

export const RestaurantListBody = Type.Object({
  ...Base,
  latitude,
  longitude,
  cityname: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  delivery_type_time_slots: Type.Optional(Type.Union([Type.Literal('delivery'), Type.Literal('pickup'), Type.Literal('')])),
  total_record: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1000 })),
  skip: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  date: Type.Optional(Type.String()),
  starttime: Type.Optional(Type.String()),
  cuisine_id: Type.Optional(idLike),
  sort_type: Type.Optional(Type.Union([...SORT_TYPES.map((s) => Type.Literal(s)), Type.Literal('')])),
  filter_type: Type.Optional(Type.Union([...FILTER_TYPES.map((s) => Type.Literal(s)), Type.Literal('')])),
  cost_range: Type.Optional(Type.String({ pattern: '^$|^[0-9]+(\\.[0-9]+)?-[0-9]+(\\.[0-9]+)?$' })),
  user_id: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
});
export type RestaurantListBody = Static<typeof RestaurantListBody>;

/* ---------- store detail, menus, discovery ---------- */

/** A row id given as a number or a numeric string (ajv coerces). */
const RowId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const optionalPoint = {
  latitude: Type.Optional(Type.Union([latitude, Type.Literal('')])),
  longitude: Type.Optional(Type.Union([longitude, Type.Literal('')])),
};
const SearchText = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export const RestaurantBody = Type.Object({ ...Base, restaurant_id: RowId, ...optionalPoint });
export type RestaurantBody = Static<typeof RestaurantBody>;

export const RestaurantSlugBody = Type.Object({
  ...Base,
  slug: Type.String({ minLength: 1, maxLength: 200 }),
  ...optionalPoint,
});
export type RestaurantSlugBody = Static<typeof RestaurantSlugBody>;

export const RestaurantPointBody = Type.Object({ ...Base, restaurant_id: RowId, latitude, longitude });
export type RestaurantPointBody = Static<typeof RestaurantPointBody>;

export const ItemsStatusBody = Type.Object({
  ...Base,
  restaurant_id: RowId,
  item_ids: Type.Array(RowId, { maxItems: 500 }),
});
export type ItemsStatusBody = Static<typeof ItemsStatusBody>;

export const MenuSearchBody = Type.Object({ ...Base, restaurant_id: RowId, search: SearchText });
export type MenuSearchBody = Static<typeof MenuSearchBody>;

export const PointBody = Type.Object({ ...Base, latitude, longitude });
export type PointBody = Static<typeof PointBody>;

export const SearchNearBody = Type.Object({ ...Base, search: SearchText, latitude, longitude });
export type SearchNearBody = Static<typeof SearchNearBody>;

export const BrandStoresBody = Type.Object({ ...Base, brand_id: RowId, latitude, longitude });
export type BrandStoresBody = Static<typeof BrandStoresBody>;

export const TagItemsBody = Type.Object({
  ...Base,
  latitude,
  longitude,
  tag: Type.Optional(Type.String({ maxLength: 50 })),
});
export type TagItemsBody = Static<typeof TagItemsBody>;

/* ---------- addresses (fields are checked by domain/addresses.ts for exact messages) ---------- */

export const AnyBody = Type.Object({ ...Base });

export const ShipingIdBody = Type.Object({ ...Base, shiping_id: RowId });
export type ShipingIdBody = Static<typeof ShipingIdBody>;

export const AddressIdBody = Type.Object({ ...Base, address_id: RowId });
export type AddressIdBody = Static<typeof AddressIdBody>;
