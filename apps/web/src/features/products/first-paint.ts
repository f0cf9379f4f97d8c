/**
 * Issue 9 (screens on a cheap phone): the marketplace's largest paint is its first row of product pictures, which
 * the app could only draw once its code had downloaded and run. index.html's head script already has the answers
 * that row needs (the user, the list's first page, the departments, the plan, the cart) well before that code, so
 * its first-paint script draws, below the heading of the signed-in first paint (app/shell/first-paint.html), what
 * ProductsPage draws there: the View Cart button, the free plan's banner, the filter bar and the first row of cards.
 * ProductsPage takes its place when it has the same answers (`takeOverProductsFirstPaint`).
 *
 * Not a module of the app: `apps/web/first-screen.ts` puts this function's source into index.html, so it imports
 * nothing and uses nothing from outside itself (what it needs comes in `d`). Its output is the same markup React
 * renders for the same answers, in every language: `first-paint.test.tsx` compares the two.
 */
export interface ProductsFirstPaintData {
  /** The visitor's language (plural rules, number format), as i18next has it. */
  lang: string;
  /** The words, by `namespace:key` (plural forms under their `_one`/`_other` keys), in that language. */
  t: Record<string, string>;
  user: { id: number; buyer: boolean };
  list: {
    products: {
      id: number;
      name: string;
      brand: string;
      image_url: string | null;
      category_name: string;
      selling_price: number;
      mrp: number;
      minimum_order_quantity: number;
      stock_quantity: number;
      is_active: boolean;
      seller_id: number;
      seller_name: string;
    }[];
    total: number;
    total_capped: boolean;
  };
  categories: { id: number; name: string; parent_id: number | null }[];
  plan: { plan_type: string; max_products_browse: number } | null;
  /** The cart's lines (a buyer's): the count on View Cart. */
  cart: number;
  /** The domain's constants: PRICE_BAND_KEYS, PRODUCT_SORTS, STOCK_GREEN_ABOVE, FREE_PLAN_BROWSE_LIMIT. */
  c: { bands: readonly string[]; sorts: readonly string[]; green: number; freeLimit: number };
  /** How many cards: the widest grid's first row (ProductResults' FIRST_ROW_CARDS). */
  cards: number;
}

/** [the header's action (View Cart), what follows the heading (banner, filter bar, the first row of cards)]. */
export function productsFirstPaint(d: ProductsFirstPaintData): [string, string] {
  // As React writes text and attributes.
  const esc = (v: unknown) =>
    String(v)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;');
  // As i18next picks a plural form and fills {{...}} in (no escaping: React escapes).
  let plural: Intl.PluralRules | null = null;
  try {
    plural = new Intl.PluralRules(d.lang, { type: 'cardinal' });
  } catch {
    plural = null;
  }
  const t = (key: string, v?: Record<string, string | number>) => {
    let s: string | undefined;
    if (v && typeof v.count === 'number') s = d.t[`${key}_${plural ? plural.select(v.count) : 'other'}`];
    if (s === undefined) s = d.t[key] ?? key;
    return s.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (v && k in v ? String(v[k]) : m));
  };
  // formatRand (packages/domain): R, non-breaking spaces between thousands, two decimals.
  const rand = (cents: number) => {
    const abs = Math.abs(cents);
    const whole = Math.floor(abs / 100)
      .toString()
      .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
    return `${cents < 0 ? '-' : ''}R\u00a0${whole}.${(abs % 100).toString().padStart(2, '0')}`;
  };
  const cents = (r: number) => Math.round(r * 100);
  const svg = (cls: string, body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide ${cls}" aria-hidden="true">${body}</svg>`;
  const cartIcon = svg(
    'lucide-shopping-cart size-4',
    '<path d="m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18"></path><path d="M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25"></path><circle cx="18" cy="20" r="2"></circle><circle cx="8" cy="20" r="2"></circle>',
  );
  const button = (variant: string, size: string) =>
    `inline-flex items-center justify-center rounded-lg font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60 whitespace-nowrap ${variant} ${size}`;
  const outline = 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-50';
  const primary = 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm';
  const md = 'h-10 px-4 text-sm gap-2';
  const sm = 'h-8 px-3 text-sm gap-1.5';
  const control =
    'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-stone-100 disabled:text-stone-500 aria-[invalid=true]:border-red-500 pr-8';
  const option = (value: string, label: string, selected = false) =>
    `<option value="${esc(value)}"${selected ? ' selected=""' : ''}>${esc(label)}</option>`;

  // ViewCartButton.
  const action = d.user.buyer
    ? `<a class="${button(outline, md)}" data-testid="view-cart" href="/cart" data-discover="true">${cartIcon}${esc(t('products:view_cart'))}` +
      `<span class="min-w-5 rounded-full bg-brand-600 px-1.5 text-center text-xs leading-5 font-semibold text-white" aria-label="${esc(t('products:cart_lines', { count: d.cart }))}" data-testid="view-cart-count">${d.cart}</span></a>`
    : '';

  // FreePlanBanner.
  let body = '';
  if (!d.plan || d.plan.plan_type === 'free') {
    const limit = d.plan && d.plan.max_products_browse > 0 ? d.plan.max_products_browse : d.c.freeLimit;
    body +=
      `<div data-testid="free-plan-banner" class="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3">` +
      svg(
        'lucide-crown size-5 shrink-0 text-amber-600',
        '<path d="M11.562 3.266a.5.5 0 0 1 .876 0L15.39 8.87a1 1 0 0 0 1.516.294L21.183 5.5a.5.5 0 0 1 .798.519l-2.834 10.246a1 1 0 0 1-.956.734H5.81a1 1 0 0 1-.957-.734L2.02 6.02a.5.5 0 0 1 .798-.519l4.276 3.664a1 1 0 0 0 1.516-.294z"></path><path d="M5 21h14"></path>',
      ) +
      `<p class="min-w-0 flex-1 text-sm text-amber-900"><span class="font-semibold">${esc(t('products:free_plan.title'))}</span> ${esc(t('products:free_plan.message', { limit }))}</p>` +
      `<a class="${button(primary, sm)}" href="/subscription" data-discover="true">${esc(t('products:free_plan.upgrade'))}</a></div>`;
  }

  // ProductFilterBar, no filter set (the head script asks for the list only then).
  const departments = d.categories.filter((x) => x.parent_id === null);
  const total = d.list.total_capped
    ? t('products:count_capped', { total: new Intl.NumberFormat(d.lang).format(d.list.total) })
    : t('products:count', { count: d.list.total });
  body +=
    `<div class="rounded-xl border border-stone-200 bg-white shadow-sm mb-4 space-y-3 p-3 sm:p-4"><div class="relative">` +
    svg(
      'lucide-search pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400',
      '<path d="m21 21-4.34-4.34"></path><circle cx="11" cy="11" r="8"></circle>',
    ) +
    `<input class="${control.replace(' pr-8', '')} pl-9" type="search" placeholder="${esc(t('products:search_placeholder'))}" aria-label="${esc(t('products:search_label'))}" maxLength="100" data-testid="product-search" value=""/></div>` +
    `<div class="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">` +
    `<select class="${control}" aria-label="${esc(t('products:filters.department'))}" data-testid="filter-department">` +
    option('', t('products:filters.all_departments'), true) +
    departments.map((x) => option(String(x.id), x.name)).join('') +
    `</select><select class="${control}" aria-label="${esc(t('products:filters.category'))}" disabled="" data-testid="filter-category">` +
    option('', t('products:filters.choose_department_first'), true) +
    `</select><select class="${control}" aria-label="${esc(t('products:filters.price'))}" data-testid="filter-price">` +
    option('', t('products:filters.all_prices'), true) +
    d.c.bands.map((b) => option(b, t(`products:price_bands.${b}`))).join('') +
    `</select></div><div class="flex flex-wrap items-center gap-2">` +
    `<p class="w-full text-sm font-medium text-stone-700 sm:mr-auto sm:w-auto" data-testid="product-count" aria-live="polite">${esc(total)}</p>` +
    `<label class="flex min-w-[11rem] flex-1 items-center gap-2 text-sm text-stone-600 sm:flex-none"><span class="hidden sm:inline">${esc(t('products:sort.label'))}</span>` +
    `<select class="${control} h-8 w-full py-1 sm:w-56" aria-label="${esc(t('products:sort.label'))}" data-testid="product-sort">` +
    d.c.sorts.map((s) => option(s, t(`products:sort.${s}`), s === 'name')).join('') +
    `</select></label><div class="flex rounded-lg border border-stone-300 p-0.5" role="group" aria-label="${esc(t('products:view.label'))}">` +
    `<button type="button" aria-pressed="true" aria-label="${esc(t('products:view.grid'))}" title="${esc(t('products:view.grid'))}" class="grid size-7 place-items-center rounded-md bg-brand-600 text-white">` +
    svg(
      'lucide-layout-grid size-4',
      '<rect width="7" height="7" x="3" y="3" rx="1"></rect><rect width="7" height="7" x="14" y="3" rx="1"></rect><rect width="7" height="7" x="14" y="14" rx="1"></rect><rect width="7" height="7" x="3" y="14" rx="1"></rect>',
    ) +
    `</button><button type="button" aria-pressed="false" aria-label="${esc(t('products:view.list'))}" title="${esc(t('products:view.list'))}" class="grid size-7 place-items-center rounded-md text-stone-500 hover:bg-stone-100">` +
    svg(
      'lucide-list size-4',
      '<path d="M3 5h.01"></path><path d="M3 12h.01"></path><path d="M3 19h.01"></path><path d="M8 5h13"></path><path d="M8 12h13"></path><path d="M8 19h13"></path>',
    ) +
    `</button></div></div></div>`;

  // ProductResults' grid with its first row of ProductCards (no offers or promotions yet: they come later there too).
  body += `<ul data-testid="product-list" data-view="grid" class="grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">`;
  for (const p of d.list.products.slice(0, d.cards)) {
    const mine = p.seller_id === d.user.id;
    const selling = cents(p.selling_price);
    const mrp = cents(p.mrp);
    const stock = p.stock_quantity;
    const why = !p.is_active
      ? 'inactive'
      : stock <= 0
        ? 'out_of_stock'
        : p.minimum_order_quantity > stock
          ? 'minimum_above_stock'
          : null;
    const badge = (tone: string, text: string) =>
      `<span class="inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap ${tone}">${esc(text)}</span>`;
    body +=
      `<li class="min-w-0"><div class="rounded-xl border border-stone-200 bg-white shadow-sm flex h-full overflow-hidden flex-col${mine ? ' ring-2 ring-brand-300' : ''}" data-testid="product-card" data-product-id="${p.id}">` +
      `<div class="grid shrink-0 place-items-center overflow-hidden bg-stone-50 aspect-square w-full border-b border-stone-100">` +
      (p.image_url
        ? `<img src="${esc(p.image_url)}" alt="${esc(p.name)}" width="160" height="160" loading="eager" fetchPriority="high" decoding="async" class="size-full object-contain p-2"/>`
        : svg(
            'lucide-package size-1/3 text-stone-300',
            '<path d="M11 21.73a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73z"></path><path d="M12 22V12"></path><polyline points="3.29 7 12 12 20.71 7"></polyline><path d="m7.5 4.27 9 5.15"></path>',
          )) +
      `</div><div class="flex min-w-0 flex-1 flex-col p-2.5 sm:p-3"><div class="min-w-0 flex-1"><div class="flex flex-wrap items-center gap-1">` +
      `<p class="truncate text-[11px] font-medium tracking-wide text-brand-700 uppercase">${esc(p.category_name)}</p>` +
      (mine
        ? badge('bg-orange-100 text-orange-800 ring-orange-600/20', t('products:card.your_listing'))
        : '') +
      (p.is_active
        ? ''
        : badge('bg-stone-100 text-stone-700 ring-stone-500/20', t('products:card.inactive'))) +
      `</div><h2 class="mt-0.5 line-clamp-2 text-sm font-semibold text-stone-900 sm:text-base" title="${esc(p.name)}">${esc(p.name)}</h2>` +
      `<p class="truncate text-xs text-stone-500">${esc(p.brand)}</p>` +
      (mine
        ? ''
        : `<p class="truncate text-xs text-stone-500" data-testid="seller-name">${esc(t('products:card.sold_by', { name: p.seller_name }))}</p>`) +
      `</div><div class="mt-2 flex flex-col gap-1"><p class="flex flex-wrap items-baseline gap-x-1.5">` +
      `<span class="font-bold whitespace-nowrap text-stone-900 tabular-nums text-base" data-testid="price">${esc(rand(selling))}</span>` +
      `<span class="text-xs whitespace-nowrap text-stone-600" data-testid="excl-vat">${esc(t('products:card.excl_vat'))}</span>` +
      (mrp > selling
        ? `<s class="text-xs whitespace-nowrap text-stone-600 tabular-nums" data-testid="mrp">${esc(rand(mrp))}</s>` +
          `<span class="text-xs font-medium whitespace-nowrap text-green-700" data-testid="saving">${esc(t('products:card.save', { amount: rand(mrp - selling) }))}</span>`
        : '') +
      `</p><p class="text-xs text-stone-600">${esc(t('products:card.moq', { count: p.minimum_order_quantity }))}</p>` +
      `<p data-testid="stock" class="text-xs font-medium ${stock > d.c.green ? 'text-green-700' : stock > 0 ? 'text-amber-700' : 'text-red-700'}">` +
      `${esc(stock > 0 ? t('products:card.in_stock', { count: stock }) : t('products:card.out_of_stock'))}</p>` +
      (d.user.buyer
        ? `<div class="mt-1.5"><button type="button" class="${button(primary, sm)} w-full"${why ? ` disabled="" aria-describedby="why-${p.id}"` : ''} data-testid="add-to-cart" data-state="idle">` +
          `${cartIcon}${esc(t('products:card.add'))}</button>` +
          (why
            ? `<p id="why-${p.id}" class="mt-1 text-xs text-stone-700" data-testid="add-disabled-reason">${esc(
                t(`products:card.why_${why}`, { min: p.minimum_order_quantity, stock }),
              )}</p>`
            : '') +
          `</div>`
        : '') +
      `</div></div></div></li>`;
  }
  return [action, `${body}</ul>`];
}

/** The products namespace's keys the function above can show (by prefix), as the build gives them to it. */
const KEY_PREFIXES = [
  'card.',
  'filters.',
  'sort.',
  'view.',
  'price_bands.',
  'free_plan.',
  'count',
  'cart_lines',
];
const KEYS = ['view_cart', 'search_placeholder', 'search_label'];

/** The words `productsFirstPaint` needs from one language's products.json, by `products:key` (`d.t`). */
export function productsFirstPaintWords(products: Record<string, unknown>): Record<string, string> {
  const words: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      if (
        KEYS.includes(path) ||
        KEY_PREFIXES.some((p) => path.startsWith(p) && !path.startsWith('card.promo'))
      )
        words[`products:${path}`] = node;
      return;
    }
    if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(products, '');
  return words;
}
