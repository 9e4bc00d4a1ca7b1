import { masalaStreet } from './masala-street.ts';
import type { VendorSeed } from './types.ts';

/*
 * The payments demo: vendors seeded only where the providers' local doubles run (the demo, the browser
 * tests), one per currency the main demo vendors do not charge in, so that every provider can be tried
 * in the demo with a currency it takes. Masala Street (rupees) is a full vendor; the others are a
 * small shop each, with one store and a short menu.
 */

interface SmallShop {
  slug: string;
  name: string;
  host: string;
  currencyCode: string;
  currencySymbol: string;
  priceDecimals: number;
  countryCode: string;
  lang: 'en' | 'ar' | 'de' | 'es' | 'fr';
  lat: number;
  lng: number;
  timeZone: string;
  city: string;
  address: string;
  colour: string;
  /** Which providers it is there for (said in its footer). */
  providers: string;
  store: { name: string; slug: string; cuisine: string; category: string; items: Array<[string, number, string]> };
  recharge: { minimum: number; limit: number; amounts: number[] };
}

function smallShop(shop: SmallShop): VendorSeed {
  return {
    slug: shop.slug,
    name: shop.name,
    hosts: [shop.host],
    currencyCode: shop.currencyCode,
    currencySymbol: shop.currencySymbol,
    priceDecimals: shop.priceDecimals,
    countryCode: shop.countryCode,
    productType: 1,
    primaryLang: shop.lang,
    secondaryLang: shop.lang,
    languages: [shop.lang],
    defaultLang: shop.lang,
    lat: shop.lat,
    lng: shop.lng,
    timeZone: shop.timeZone,
    settings: {
      copyright_name: shop.name,
      restaurant_name: shop.store.cuisine,
      app_name: shop.name,
      app_logo: `/media/logo/${shop.slug}.svg`,
      flat_icon: `/media/favicon/${shop.slug}.svg`,
      app_layout: [{ web_fav_logo: `/media/favicon/${shop.slug}.svg`, web_horizontal_logo: `/media/logo/${shop.slug}.svg`, web_square_logo: `/media/favicon/${shop.slug}.svg` }],
      store_selection: 1,
      manual_store_selection_by_customer: 1,
      is_delivery_zone_available: 0,
      is_system_available: 1,
      is_pickup_enable: 'true',
      subscription_status: 0,
      client_wallet_status: 'active',
      wallet_recharge: shop.recharge,
      show_contact_developer: 'No',
      web_settings: {
        website_url: `http://${shop.host}:8080/`,
        theme_primary_color: shop.colour, theme_secondary_color: '#e5e7eb', text_primary_color: '#111827', text_secondary_color: '#4b5563',
        footer_background_color: '#111827', footer_text_color: '#f9fafb', home_slider_background_color: '#f3f4f6',
        button_primary_color: shop.colour, button_secondary_color: '#e5e7eb', button_text_primary_color: '#ffffff', button_text_secondary_color: '#111827',
        meta_description: `${shop.name}, ${shop.city}: a payments demo shop (${shop.providers}).`,
        title: shop.name, keywords: '', google_client_id: '', fb_app_id: '',
        footer_text: `A payments demo shop in ${shop.city}: ${shop.providers}.`,
        instagram: '', facebook_link: '', twitter: '', youtube: '',
      },
    },
    i18n: {},
    cuisines: [{ name: shop.store.cuisine }],
    stores: [{
      name: shop.store.name, slug: shop.store.slug, address: shop.address, city: shop.city, state: shop.city, zip: '',
      lat: shop.lat + 0.004, lng: shop.lng + 0.004, cuisines: [shop.store.cuisine], radiusKm: 10, rating: 4.5, deliveryTime: 30,
      twoPersonPrice: shop.store.items[0]![1] * 2,
      categories: [{ name: shop.store.category, items: shop.store.items.map(([name, price, description]) => ({ name, price, description, veg: true })) }],
    }],
    coupons: [],
    banners: [],
    brands: [],
    customers: [],
    drivers: [{ name: 'Demo Driver', phone: `+${shop.countryCode}100000000`, vehicle: 'Bicycle', vehicleNumber: 'DEMO 1' }],
  };
}

const SMALL_SHOPS: SmallShop[] = [
  {
    slug: 'cape-town-cafe', name: 'Cape Town Café', host: 'capetown.localhost', currencyCode: 'ZAR', currencySymbol: 'R', priceDecimals: 2,
    countryCode: '27', lang: 'en', lat: -33.9249, lng: 18.4241, timeZone: 'Africa/Johannesburg', city: 'Cape Town', address: '1 Long Street, Cape Town',
    colour: '#0e7490', providers: 'Yoco, Peach Payments, Paystack and Flutterwave in rand',
    store: { name: 'Long Street Coffee', slug: 'long-street-coffee', cuisine: 'Café', category: 'Coffee', items: [['Flat white', 38, 'Double shot.'], ['Rooibos latte', 35, 'Red tea and steamed milk.'], ['Koeksister', 18, 'Syrup-soaked pastry.']] },
    recharge: { minimum: 50, limit: 5000, amounts: [100, 200, 500] },
  },
  {
    slug: 'stockholm-bageri', name: 'Stockholm Bageri', host: 'stockholm.localhost', currencyCode: 'SEK', currencySymbol: 'kr', priceDecimals: 2,
    countryCode: '46', lang: 'en', lat: 59.3293, lng: 18.0686, timeZone: 'Europe/Stockholm', city: 'Stockholm', address: 'Drottninggatan 1, Stockholm',
    colour: '#1d4ed8', providers: 'Swish and Klarna in kronor',
    store: { name: 'Gamla Stan Bageri', slug: 'gamla-stan-bageri', cuisine: 'Bakery', category: 'Fika', items: [['Kanelbulle', 35, 'Cinnamon bun.'], ['Kardemummabulle', 38, 'Cardamom bun.'], ['Bryggkaffe', 30, 'Filter coffee.']] },
    recharge: { minimum: 50, limit: 5000, amounts: [100, 200, 500] },
  },
  {
    slug: 'santiago-empanadas', name: 'Empanadas Santiago', host: 'santiago.localhost', currencyCode: 'CLP', currencySymbol: '$', priceDecimals: 0,
    countryCode: '56', lang: 'es', lat: -33.4489, lng: -70.6693, timeZone: 'America/Santiago', city: 'Santiago', address: 'Av. Providencia 100, Santiago',
    colour: '#b91c1c', providers: 'Flow en pesos',
    store: { name: 'La Empanadería', slug: 'la-empanaderia', cuisine: 'Empanadas', category: 'Empanadas', items: [['Empanada de pino', 2500, 'Carne, cebolla, huevo y aceituna.'], ['Empanada de queso', 2200, 'Frita.'], ['Mote con huesillo', 1800, 'Bebida de verano.']] },
    recharge: { minimum: 1000, limit: 200000, amounts: [5000, 10000, 20000] },
  },
  {
    slug: 'riyadh-dates', name: 'تمور الرياض', host: 'riyadh.localhost', currencyCode: 'SAR', currencySymbol: 'ر.س', priceDecimals: 2,
    countryCode: '966', lang: 'ar', lat: 24.7136, lng: 46.6753, timeZone: 'Asia/Riyadh', city: 'الرياض', address: 'طريق الملك فهد، الرياض',
    colour: '#047857', providers: 'mada and HyperPay in riyals',
    store: { name: 'بيت التمر', slug: 'bait-al-tamr', cuisine: 'تمور', category: 'التمور', items: [['تمر سكري 1 كيلو', 45, 'من القصيم.'], ['تمر عجوة 500 غرام', 60, 'من المدينة.'], ['قهوة سعودية', 25, 'بالهيل والزعفران.']] },
    recharge: { minimum: 20, limit: 2000, amounts: [50, 100, 200] },
  },
  {
    slug: 'berlin-baeckerei', name: 'Berliner Bäckerei', host: 'berlin.localhost', currencyCode: 'EUR', currencySymbol: '€', priceDecimals: 2,
    countryCode: '49', lang: 'de', lat: 52.52, lng: 13.405, timeZone: 'Europe/Berlin', city: 'Berlin', address: 'Friedrichstraße 1, Berlin',
    colour: '#7c3aed', providers: 'MTN MoMo (sandbox), Klarna, PayPal, Square and more in euros',
    store: { name: 'Kiez Bäckerei', slug: 'kiez-baeckerei', cuisine: 'Bäckerei', category: 'Backwaren', items: [['Brezel', 1.2, 'Frisch gebacken.'], ['Berliner', 1.8, 'Mit Marmelade.'], ['Kaffee', 2.5, 'Filterkaffee.']] },
    recharge: { minimum: 5, limit: 500, amounts: [10, 25, 50] },
  },
];

/** Every vendor of the payments demo, by the currency it charges in. */
export const PAYMENTS_DEMO_VENDORS: VendorSeed[] = [masalaStreet, ...SMALL_SHOPS.map(smallShop)];
