import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cssColourOr } from '../../../../contract/rules/colours.ts';
import { isListedNamedColour } from '../../../../contract/rules/named-colours.ts';
import { escapeMarkup } from '../../../markup.ts';
import { colourOf, MEDIA_SIZES, type MediaKind, type Theme } from './svg.ts';

/**
 * The demo's pictures that say what they are: a store, an item, a banner or a coupon drawn as an
 * illustration of what it sells (a pizza, a bowl of ramen, a loaf, a pill) on the vendor's colours.
 *
 * The illustrations are Microsoft's Fluent Emoji (flat), MIT licence, from the npm package
 * `@iconify-json/fluent-emoji-flat` (the licence is noted in docs/server.md); only the ones named in ARTS
 * are read, once, the first time a picture is drawn. Which illustration a picture gets is chosen where the
 * data is known (the seed, from an item's name, its category and its store's cuisines: `artFor`) and
 * carried in the picture's address (/media/<kind>/<vendor>/<art>/<slug>.png), so drawing needs no lookup
 * but the vendor's colours.
 */

/**
 * Each illustration and the words that call for it, in English and Arabic, most specific first: the first
 * whose word appears in a text wins (so "Butter Chicken" is a curry before it is butter or a chicken).
 */
export const ARTS = {
  sushi: { icon: 'sushi', words: ['sushi', 'nigiri', 'sashimi', 'maki', ' roll', 'hamachi', 'japanese', 'سوشي'] },
  pizza: { icon: 'pizza', words: ['pizza', 'margherita', 'pepperoni', 'calzone', 'italian', 'بيتزا'] },
  taco: { icon: 'taco', words: ['taco', 'taquer', 'mexican', 'تاكو'] },
  burrito: { icon: 'burrito', words: ['burrito', 'wrap'] },
  burger: { icon: 'hamburger', words: ['burger', 'smash', 'american', 'برغر'] },
  sandwich: { icon: 'sandwich', words: ['sandwich', 'toast', 'ساندويتش'] },
  biryani: { icon: 'pot-of-food', words: ['biryani', 'برياني'] },
  dosa: { icon: 'flatbread', words: ['dosa', 'naan', ' roti', 'paratha', 'flatbread', 'منقوشة', 'صاج', 'خبز عربي'] },
  curry: { icon: 'curry-rice', words: ['curry', 'butter chicken', 'masala', 'paneer', 'dal ', 'makhani', 'rogan', 'tikka', 'korma', 'massaman', 'indian', 'كاري', 'هندي'] },
  noodles: { icon: 'steaming-bowl', words: ['noodle', 'ramen', 'pad thai', 'pad see', 'khao soi', ' pho ', 'thai', 'نودلز'] },
  soup: { icon: 'bowl-with-spoon', words: ['soup', 'miso', 'chirashi', 'granola', 'parfait', 'شوربة'] },
  dumpling: { icon: 'dumpling', words: ['dumpling', 'gyoza', 'momo', 'empanad', 'chinese'] },
  pastry: { icon: 'croissant', words: ['croissant', 'pastry', 'pastries', 'danish', 'cannoli', 'معجنات', 'فطاير', 'صفيحة'] },
  pancakes: { icon: 'pancakes', words: ['pancake', 'breakfast', 'فطور'] },
  waffle: { icon: 'waffle', words: ['waffle'] },
  eggs: { icon: 'cooking', words: ['eggs', 'benedict', 'omelette', 'بيض'] },
  fries: { icon: 'french-fries', words: ['fries', 'onion ring', 'chips', 'بطاطس مقلية'] },
  salad: { icon: 'green-salad', words: ['salad', 'caesar', 'buddha', 'mezze', 'tofu', 'vegan', 'veggie', 'edamame', 'سلطة', 'نباتي'] },
  cake: { icon: 'shortcake', words: ['cake', 'tiramisu', 'dessert', 'كيك', 'حلويات'] },
  smoothie: { icon: 'cup-with-straw', words: ['smoothie', 'shake', 'juice', 'lemonade', 'عصير'] },
  brownie: { icon: 'chocolate-bar', words: ['brownie', 'chocolate', 'fudge'] },
  cookie: { icon: 'cookie', words: ['cookie', 'macaron', 'biscuit', 'كعك'] },
  iceCream: { icon: 'ice-cream', words: ['ice cream', 'gelato', 'affogato', 'sorbet', 'آيس كريم'] },
  milk: { icon: 'glass-of-milk', words: [' lassi', 'horchata', 'milk', 'yogurt', 'dairy', 'حليب', 'لبن', 'زبادي', 'الألبان'] },
  coffee: { icon: 'hot-beverage', words: ['coffee', 'latte', 'espresso', 'cappuccino', 'cold brew', 'cafe', 'café', 'قهوة'] },
  tea: { icon: 'teacup-without-handle', words: [' tea ', ' tea,', 'chai', 'شاي'] },
  water: { icon: 'droplet', words: [' water', 'مياه', 'ماء'] },
  dates: { icon: 'palm-tree', words: ['dates', 'tamr', 'تمر'] },
  bread: { icon: 'bread', words: ['bread', 'loaf', 'knots', 'bakery', 'bageri', 'baeckerei', 'bäckerei', 'brot', 'خبز', 'مخبز'] },
  pretzel: { icon: 'pretzel', words: ['pretzel', 'brezel'] },
  chicken: { icon: 'poultry-leg', words: ['chicken', 'wings', 'poultry', 'دجاج', 'دواجن'] },
  steak: { icon: 'cut-of-meat', words: ['steak', 'ribeye', 'beef', 'ستيك', 'بقر'] },
  meat: { icon: 'meat-on-bone', words: ['lamb', 'mutton', 'meatball', 'meat', 'butcher', 'لحم', 'غنم', 'ملحمة', 'لحوم'] },
  fish: { icon: 'fish', words: ['fish', 'seafood', 'سمك'] },
  shrimp: { icon: 'fried-shrimp', words: ['shrimp', 'prawn', 'روبيان'] },
  cheese: { icon: 'cheese-wedge', words: ['cheese', 'halloumi', 'جبنة', 'حلوم', 'جبن'] },
  rice: { icon: 'cooked-rice', words: ['rice', 'أرز', 'رز'] },
  hummus: { icon: 'canned-food', words: ['hummus', 'canned', 'حمص', 'معلب'] },
  oil: { icon: 'olive', words: ['olive', 'زيت', 'زيتون'] },
  nuts: { icon: 'peanuts', words: ['nuts', 'مكسرات'] },
  avocado: { icon: 'avocado', words: ['avocado', 'guacamole', 'أفوكادو'] },
  tomato: { icon: 'tomato', words: ['tomato', 'طماطم'] },
  cucumber: { icon: 'cucumber', words: ['cucumber', 'خيار'] },
  greens: { icon: 'leafy-green', words: ['parsley', 'spinach', 'herb', 'بقدونس', 'سبانخ'] },
  potato: { icon: 'potato', words: ['potato', 'بطاطا'] },
  mango: { icon: 'mango', words: ['mango', 'مانجو'] },
  banana: { icon: 'banana', words: ['banana', 'موز'] },
  strawberry: { icon: 'strawberry', words: ['strawberr', 'فراولة'] },
  fruit: { icon: 'red-apple', words: ['apple', 'pomegranate', 'fruit', 'رمان', 'تفاح', 'فواكه'] },
  vegetables: { icon: 'carrot', words: ['carrot', 'vegetable', 'خضروات', 'خضار', 'جزر'] },
  pill: { icon: 'pill', words: ['pill', 'tablet', 'vitamin', 'pharmacy', 'paracetamol', 'صيدلية', 'دواء', 'فيتامين'] },
  lotion: { icon: 'lotion-bottle', words: ['lotion', 'cream', 'sunscreen', 'shampoo', 'كريم', 'شامبو', 'واقي'] },
  toothbrush: { icon: 'toothbrush', words: ['tooth', 'أسنان'] },
  thermometer: { icon: 'thermometer', words: ['thermometer', 'حرارة'] },
  wipes: { icon: 'soap', words: ['soap', 'wipes', 'sanitiser', 'sanitizer', 'صابون', 'مناديل', 'معقم'] },
  bandage: { icon: 'adhesive-bandage', words: ['bandage', 'plaster', 'first aid', 'ضماد', 'لاصق'] },
  groceries: { icon: 'shopping-cart', words: ['supermarket', 'grocery', 'groceries', 'market', 'سوبرماركت', 'بقالة'] },
  gift: { icon: 'wrapped-gift', words: ['gift', 'free', 'هدية'] },
  offer: { icon: 'ticket', words: ['deal', 'offer', 'welcome', 'خصم'] },
  meal: { icon: 'fork-and-knife-with-plate', words: [] },
  shop: { icon: 'shopping-bags', words: [] },
} as const satisfies Record<string, { icon: string; words: readonly string[] }>;

export type ArtName = keyof typeof ARTS;
export const ART_NAMES = Object.keys(ARTS) as ArtName[];

export const isArtName = (name: string): name is ArtName => Object.prototype.hasOwnProperty.call(ARTS, name);

/**
 * The illustration for something known by these texts, most telling first (an item's name, then its
 * category, then its store's cuisines): the first text any art's word appears in decides; none, the fallback.
 */
export function artFor(texts: readonly string[], fallback: ArtName): ArtName {
  for (const text of texts) {
    const padded = ` ${text.toLocaleLowerCase('en')} `;
    const found = ART_NAMES.find((name) => ARTS[name].words.some((word) => padded.includes(word)));
    if (found) return found;
  }
  return fallback;
}

interface Icon {
  body: string;
  size: number;
}

let icons: Map<ArtName, Icon> | undefined;

/** The illustrations ARTS names, read from the package once (about 9 MB of JSON, of which these are kept). */
function iconOf(art: ArtName): Icon {
  if (!icons) {
    const require = createRequire(import.meta.url);
    const set = JSON.parse(readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8')) as {
      width?: number; icons: Record<string, { body: string; width?: number }>;
    };
    icons = new Map(ART_NAMES.map((name) => {
      const found = set.icons[ARTS[name].icon];
      if (!found) throw new Error(`the illustration ${ARTS[name].icon} is not in the icon set`);
      return [name, { body: found.body, size: found.width ?? set.width ?? 32 }];
    }));
  }
  return icons.get(art)!;
}

/** An illustration placed at (x, y), `size` px square; its ids (if any) made its own with `key`. */
function placed(art: ArtName, x: number, y: number, size: number, key: string): string {
  const icon = iconOf(art);
  const body = icon.body.replace(/\bid="([^"]+)"/g, `id="${key}-$1"`).replace(/url\(#([^)]+)\)/g, `url(#${key}-$1)`);
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 ${icon.size} ${icon.size}">${body}</svg>`;
}

/** The vendor's two colours (a colour outside the CSS colour grammar falls back to the vendor slug's own). */
function coloursOf(slug: string, theme: Theme | undefined): { primary: string; secondary: string } {
  const own = colourOf(slug);
  return {
    primary: theme ? cssColourOr(theme.primary, own.fill, isListedNamedColour) : own.fill,
    secondary: theme ? cssColourOr(theme.secondary, own.accent, isListedNamedColour) : own.accent,
  };
}

/**
 * The picture of a store, item, banner or coupon: its illustration on the vendor's colours (a light tint
 * of the primary with a disc of the secondary; an item on a plate; a banner's illustrations at its end,
 * leaving its start to the words the storefront writes over it). An SVG, rasterised by the route.
 */
export function drawArt(kind: MediaKind, art: ArtName, slug: string, theme: Theme | undefined): string {
  const [w, h] = MEDIA_SIZES[kind];
  const { primary, secondary } = coloursOf(slug, theme);
  const attribute = (value: string) => escapeMarkup(value);
  const tint = `<rect width="${w}" height="${h}" fill="${attribute(primary)}"/><rect width="${w}" height="${h}" fill="#fff" opacity="0.84"/>`;
  let scene: string;
  if (kind === 'banner') {
    // The vendor's colour, a white disc ringed in its second colour behind the illustration at the end, two small ones around it.
    scene = `<rect width="${w}" height="${h}" fill="${attribute(primary)}"/>`
      + `<circle cx="${w * 0.8}" cy="${h * 0.55}" r="${h * 0.48}" fill="#fff" stroke="${attribute(secondary)}" stroke-width="${h * 0.04}"/>`
      + `<circle cx="${w * 0.56}" cy="${h * 0.2}" r="${h * 0.05}" fill="#fff" opacity="0.35"/>`
      + `<circle cx="${w * 0.97}" cy="${h * 0.92}" r="${h * 0.09}" fill="#fff" opacity="0.3"/>`
      + placed(art, w * 0.8 - h * 0.34, h * 0.21, h * 0.68, 'a')
      + placed(art, w * 0.6, h * 0.62, h * 0.2, 'b')
      + placed(art, w * 0.935, h * 0.06, h * 0.15, 'c');
  } else if (kind === 'item') {
    scene = tint
      + `<circle cx="${w / 2}" cy="${h / 2}" r="${w * 0.4}" fill="#fff"/><circle cx="${w / 2}" cy="${h / 2}" r="${w * 0.4}" fill="none" stroke="${attribute(secondary)}" stroke-width="${w * 0.02}" opacity="0.6"/>`
      + placed(art, w * 0.2, h * 0.2, w * 0.6, 'a');
  } else {
    // A store's picture is shown in wide cards, cut at its top and foot: its illustration keeps to the middle.
    const size = Math.min(w, h) * (kind === 'coupon' ? 0.62 : 0.5);
    scene = tint
      + `<circle cx="${w * 0.82}" cy="${h * 0.18}" r="${Math.min(w, h) * 0.34}" fill="${attribute(secondary)}" opacity="0.35"/>`
      + `<ellipse cx="${w / 2}" cy="${h / 2 + size * 0.46}" rx="${size * 0.42}" ry="${size * 0.07}" fill="#000" opacity="0.08"/>`
      + placed(art, (w - size) / 2, (h - size) / 2, size, 'a');
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${scene}</svg>\n`;
}
