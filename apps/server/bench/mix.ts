/**
 * The buyers' mix of catalogue requests that `npm run bench` measures (issue 9): many buyers, each request
 * from another session, a third of them searches (common words that match more than a tenth of the
 * catalogue, words that match nothing, typos, the words people use here, several words), the rest
 * department and category browsing with price bands; all four sorts; a quarter on pages 2-20.
 * Deterministic: the same seed gives the same requests.
 */
import { PRICE_BAND_KEYS, PRODUCT_SORTS } from '@tt/domain';

export interface CategoryTree {
  departments: { id: number; subcategories: number[] }[];
}

/** mulberry32: a small seeded generator, so every run asks the same questions. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What buyers type, by kind; the bench catalogue's names are brand + grade + kind + size. */
export const SEARCHES = {
  /** Each matches more than a tenth of the bench catalogue (every brand is "<x> Foods"; grades 10 %). */
  common: ['foods', 'super', 'value', 'family', 'premium', 'extra'],
  plain: ['maize', 'maize meal', 'sugar', 'rice', 'cooking oil', 'tea', 'coffee', 'beans', 'soap', 'flour'],
  brands: ['ubuntu', 'mzansi', 'kasi', 'golden', 'protea', 'karoo'],
  multiWord: [
    'ubuntu sugar',
    'golden rice 2kg',
    'premium tea',
    'kasi maize meal 10kg',
    'family cooking oil 2l',
  ],
  typos: ['suger', 'cookng oil', 'ryce', 'maze meal', 'pilchrds', 'coffe', 'tooth paste'],
  local: ['mielie meal', 'mealie meal', 'pap', 'cool drink', 'cooldrink', 'tin fish'],
  nothing: ['xylophone', 'quinoa', 'zzqx', 'snowboard'],
};

/** The departments that have subcategories, from the categories' rows (what the mix browses). */
export function categoryTree(cats: readonly { id: number; parent_id: number | null }[]): CategoryTree {
  return {
    departments: cats
      .filter((c) => c.parent_id === null)
      .map((d) => ({ id: d.id, subcategories: cats.filter((c) => c.parent_id === d.id).map((c) => c.id) }))
      .filter((d) => d.subcategories.length > 0),
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** `count` request paths of the mix. */
export function buyerMix(tree: CategoryTree, count: number, seed = 9): string[] {
  const random = seededRandom(seed);
  const kinds = Object.values(SEARCHES);
  const paths: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const q = new URLSearchParams();
    const department = pick(random, tree.departments);
    if (random() < 1 / 3) {
      q.set('search', pick(random, pick(random, kinds)));
      if (random() < 0.25) q.set('department_id', String(department.id));
      // Half the searches keep the default order (relevance), the others choose a sort.
      if (random() < 0.5) q.set('sort', pick(random, PRODUCT_SORTS));
    } else {
      const where = random();
      if (where < 0.5) q.set('department_id', String(department.id));
      else if (where < 0.85) {
        q.set('department_id', String(department.id));
        q.set('category_id', String(pick(random, department.subcategories)));
      }
      if (random() < 0.6) q.set('price_band', pick(random, PRICE_BAND_KEYS));
      q.set('sort', pick(random, PRODUCT_SORTS));
    }
    if (random() < 0.25) q.set('page', String(2 + Math.floor(random() * 19)));
    paths.push(`/api/products?${q}`);
  }
  return paths;
}
