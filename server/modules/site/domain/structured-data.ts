import type { MenuCategory } from '../../../../contract/api/menu.ts';
import type { OpeningHours, RestaurantDetail, StoreCard } from '../../../../contract/api/stores.ts';
import { safeWebUrl } from '../../../../contract/rules/urls.ts';

/*
 * What search engines read of a page besides its text: schema.org data (JSON-LD, written into the head as
 * `<script type="application/ld+json">`, never run). A store's page is the store (Restaurant, or the kind
 * of shop the vendor sells from) with its address, place, cuisines, opening hours and its menu: sections
 * and items, each item's price as an Offer in the vendor's currency. Home lists the stores it shows.
 * Built from the same answers the page was drawn from; the values are the vendor's data, written as
 * JSON text (escaped for the script element where it is written).
 */

export type StoreSchemaType = 'Restaurant' | 'GroceryStore';

/** What the vendor's stores are, by the vendor's product type (the spec's 1 Food, 2 Grocery). */
export function storeSchemaType(productType: { id: number } | undefined): StoreSchemaType {
  return productType?.id === 2 ? 'GroceryStore' : 'Restaurant';
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The store's opening hours as schema.org says them; hours past midnight are split at it (the next day from 00:00). */
export function openingHoursSpecification(hours: readonly OpeningHours[]): object[] {
  const specification = (weekday: number, opens: string, closes: string) => ({
    '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${DAYS[weekday]}`, opens, closes,
  });
  return hours
    .filter((hour) => Number.isInteger(hour.weekday) && hour.weekday >= 0 && hour.weekday <= 6 && TIME.test(hour.opens) && TIME.test(hour.closes))
    .flatMap((hour) => (hour.closes > hour.opens
      ? [specification(hour.weekday, hour.opens, hour.closes)]
      : [specification(hour.weekday, hour.opens, '23:59'), ...(hour.closes === '00:00' ? [] : [specification((hour.weekday + 1) % 7, '00:00', hour.closes)])]));
}

/** The money of an Offer: the amount with the vendor's decimals, as schema.org wants it (a dot, no currency sign). */
const price = (amount: number, decimals: number) => amount.toFixed(decimals);

export interface StorePageData {
  /** The page's canonical address. */
  url: string;
  type: StoreSchemaType;
  store: RestaurantDetail;
  categories: readonly MenuCategory[];
  /** ISO 4217 (the vendor's currency_code) and the decimals prices are shown with. */
  currency: string;
  decimals: number;
}

/** A store's page: the store and its menu. */
export function storeStructuredData({ url, type, store, categories, currency, decimals }: StorePageData): object {
  const image = safeWebUrl(store.icon_image);
  const sections = categories.filter((category) => category.items.length > 0);
  return {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': `${url}#store`,
    name: store.name,
    url,
    ...(store.description ? { description: store.description } : {}),
    ...(image ? { image } : {}),
    ...(store.phone ? { telephone: store.phone } : {}),
    ...(store.address ? { address: { '@type': 'PostalAddress', streetAddress: store.address } } : {}),
    ...(Number.isFinite(store.latitude) && Number.isFinite(store.longitude) ? { geo: { '@type': 'GeoCoordinates', latitude: store.latitude, longitude: store.longitude } } : {}),
    ...(store.cuisine_name.length > 0 ? { servesCuisine: store.cuisine_name } : {}),
    ...(store.opening_hours.length > 0 ? { openingHoursSpecification: openingHoursSpecification(store.opening_hours) } : {}),
    ...(/^[A-Z]{3}$/.test(currency) ? { currenciesAccepted: currency } : {}),
    hasMenu: {
      '@type': 'Menu',
      name: store.name,
      url,
      hasMenuSection: sections.map((category) => ({
        '@type': 'MenuSection',
        name: category.name,
        hasMenuItem: category.items.map((item) => {
          const picture = safeWebUrl(item.image);
          return {
            '@type': 'MenuItem',
            name: item.name,
            ...(item.description ? { description: item.description } : {}),
            ...(picture ? { image: picture } : {}),
            ...(item.item_type === 0 ? { suitableForDiet: 'https://schema.org/VegetarianDiet' } : {}),
            offers: { '@type': 'Offer', price: price(item.price, decimals), priceCurrency: currency },
          };
        }),
      })),
    },
  };
}

/** Home: the stores it lists, each by its page. */
export function storeListStructuredData(origin: string, name: string, stores: readonly StoreCard[], storePath: (store: StoreCard) => string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    itemListElement: stores.map((store, index) => ({ '@type': 'ListItem', position: index + 1, url: `${origin}${storePath(store)}`, name: store.name })),
  };
}
