import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minifySync, type Plugin } from 'vite';
import { PRICE_BAND_KEYS, PRODUCT_SORTS, STOCK_GREEN_ABOVE } from '../../packages/domain/src/catalog-rules';
import { BRANDING_STORAGE_KEY } from '../../packages/domain/src/branding-store';
import { FREE_PLAN_BROWSE_LIMIT } from '../../packages/domain/src/plan-rules';
import { BADGE_CLASS, BADGE_TONES, FIRST_PAINT_ROLES } from './src/app/shell/first-paint-roles';
import { productsFirstPaint, productsFirstPaintWords } from './src/features/products/first-paint';

/**
 * Issue 9 (screens on a cheap phone): what index.html does before the app's own code has run.
 *
 * 1. A small script in the head starts the app's modules itself (Vite's module scripts are taken out) and, on
 *    the three screens most visits open with, asks at the same time for that screen's code and its
 *    translations in the visitor's language (`modulepreload`): otherwise they are only asked for after the
 *    entry chunk has downloaded and run, one more round trip on a slow link.
 * 2. The landing page's header and hero as plain HTML (`src/features/landing/first-paint.html`), shown on
 *    `/` in the visitor's language until LandingPage renders the same markup in its place: the first paint
 *    of a first visit waits for no JavaScript. There, the app's code is asked for once that paint is shown.
 *
 * Both scripts are inline; the server allows exactly these by their hashes in its Content-Security-Policy
 * (`apps/server/src/platform/web-csp.ts`).
 */

/** The screens a visit most often opens with: their modules (with the shell), and their translations. */
const FIRST_SCREENS: Record<string, { modules: RegExp[]; namespaces: string[] }> = {
  '/': { modules: [/\/features\/landing\/LandingPage\.tsx$/], namespaces: ['common', 'landing'] },
  '/dashboard': {
    modules: [/\/features\/dashboard\/DashboardPage\.tsx$/, /\/app\/shell\/AppShell\.tsx$/],
    namespaces: ['common', 'dashboard'],
  },
  '/products': {
    modules: [/\/features\/products\/ProductsPage\.tsx$/, /\/app\/shell\/AppShell\.tsx$/],
    namespaces: ['common', 'products'],
  },
};

/**
 * The API calls the first screen's data needs, by screen: the head script asks for the user at once, and for
 * these as soon as the user has answered (signed in), all while the app's code downloads; `lib/api.ts` adopts
 * each answer for the first call of the same path (`window.__ttApi`). The paths are the ones `call()` builds for the screens' first queries
 * (`app/first-requests.test.ts` checks them against the contracts). The marketplace's list only when the address
 * has no filters (`?`): its first page with none is what the screen asks for then.
 */
export const ME_REQUEST = '/api/users/me';
export const FIRST_REQUESTS: Record<string, string[]> = {
  '/dashboard': ['/api/dashboard'],
  '/products': ['/api/categories', '/api/user-plan-restrictions', '/api/products?page=1'],
};
/** The cookie the server keeps beside the session (SIGNED_IN_COOKIE in packages/domain): someone may be signed in. */
export const SIGNED_IN_HINT = 'tt_signed_in';
/** The request whose answer names the pictures of the marketplace's first row: preloaded as soon as it arrives. */
export const LIST_REQUEST = '/api/products?page=1';
/** What the marketplace's first paint shows besides the list (departments, plan, a buyer's cart: View Cart's count). */
export const CATEGORIES_REQUEST = '/api/categories';
export const PLAN_REQUEST = '/api/user-plan-restrictions';
export const CART_REQUEST = '/api/cart';
/** The cards of the widest grid's first row (ProductResults' FIRST_ROW_CARDS). */
const FIRST_ROW_PICTURES = 4;

const LOCALES = join(import.meta.dirname, 'src/locales');
const FIRST_PAINT = join(import.meta.dirname, 'src/features/landing/first-paint.html');
const SHELL_FIRST_PAINT = join(import.meta.dirname, 'src/app/shell/first-paint.html');
/** The signed-in screens whose largest paint is the first paint's (its heading): their code waits for it. */
const PAINT_FIRST = ['/dashboard'];
/** The screens whose heading the signed-in first paint shows: the title's key, and which role key the subtitle is. */
const HEADINGS: Record<string, [string, 'dashboard' | 'products']> = {
  '/dashboard': ['dashboard:title', 'dashboard'],
  '/products': ['products:title', 'products'],
};

/** The visitor's language as `resolveLanguage` (packages/domain) decides it: the stored choice, else the browser's. */
const resolveLanguageJs = (languages: string[]) =>
  `var L=${JSON.stringify(languages)},l=null;try{l=localStorage.getItem('language')}catch(e){}` +
  `if(L.indexOf(l)<0){l='en';var b=navigator.languages||[navigator.language];` +
  `for(var i=0;i<b.length;i++){var x=String(b[i]).toLowerCase().split('-')[0];if(L.indexOf(x)>=0){l=x;break}}}`;

const lookup = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

export function firstScreen(): Plugin {
  return {
    name: 'tt-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const languages = readdirSync(LOCALES, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => d.name)
          .sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : 0));

        // What the entry already loads (Vite preloads it): not asked for twice.
        const closure = (fileName: string, into: Set<string>) => {
          const item = bundle[fileName];
          if (!item || into.has(fileName) || item.type !== 'chunk') return into;
          into.add(fileName);
          item.imports.forEach((f) => closure(f, into));
          return into;
        };
        const entry = new Set<string>();
        const translations: Record<string, string> = {};
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk') continue;
          if (item.isEntry) closure(item.fileName, entry);
          const locale = /\/locales\/([a-z]+)\/([a-z_]+)\.json$/.exec(item.facadeModuleId ?? '');
          const wanted = Object.values(FIRST_SCREENS).some((s) => s.namespaces.includes(locale?.[2] ?? ''));
          if (locale && wanted) translations[`${locale[1]}/${locale[2]}`] = `/${item.fileName}`;
        }
        const screens: Record<string, { f: string[]; n: string[] }> = {};
        for (const [path, { modules, namespaces }] of Object.entries(FIRST_SCREENS)) {
          const files = new Set<string>();
          for (const item of Object.values(bundle)) {
            if (item.type === 'chunk' && modules.some((m) => m.test(item.facadeModuleId ?? '')))
              closure(item.fileName, files);
          }
          if (files.size === 0) throw new Error(`first screen ${path}: no chunk found`);
          screens[path] = { f: [...files].filter((f) => !entry.has(f)).map((f) => `/${f}`), n: namespaces };
        }
        // The landing page's first paint and the signed-in shell's, and their words in the six languages.
        const read = (file: string) => readFileSync(file, 'utf8').replace(/<!--[\s\S]*?-->\s*/, '');
        const markup = read(FIRST_PAINT);
        const shell = read(SHELL_FIRST_PAINT);
        const words = (keys: string[]) => {
          const strings: Record<string, Record<string, string>> = {};
          for (const language of languages) {
            strings[language] = {};
            for (const key of keys) {
              const [namespace, path] = key.split(':') as [string, string];
              const tree: unknown = JSON.parse(
                readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8'),
              );
              const value = lookup(tree, path);
              if (typeof value !== 'string') throw new Error(`first paint: no ${language} ${key}`);
              strings[language][key] = value;
            }
          }
          return strings;
        };
        const keysOf = (html: string) => [...html.matchAll(/data-t(?:-label)?="([^"]+)"/g)].map((m) => m[1]!);
        const strings = words([...new Set(keysOf(markup))]);
        // The shell's: its own, the headings', and each role's badge and subtitles (first-paint-roles.ts).
        const roles: Record<string, string[]> = {};
        const roleKeys: string[] = [];
        for (const [name, r] of Object.entries(FIRST_PAINT_ROLES)) {
          roles[name] = [`common:${r.badge}`, r.tone, `dashboard:${r.dashboard}`, `products:${r.products}`];
          roleKeys.push(`common:${r.badge}`, `dashboard:${r.dashboard}`, `products:${r.products}`);
        }
        const shellStrings = words([
          ...new Set([...keysOf(shell), ...Object.values(HEADINGS).map(([title]) => title), ...roleKeys]),
        ]);
        // The marketplace's first paint (features/products/first-paint.ts): its words, as data the script reads only
        // on that screen (a script element of JSON is not run, so the other screens do not pay for evaluating them).
        const productsWords: Record<string, Record<string, string>> = {};
        for (const language of languages)
          productsWords[language] = productsFirstPaintWords(
            JSON.parse(readFileSync(join(LOCALES, language, 'products.json'), 'utf8')) as Record<
              string,
              unknown
            >,
          );
        const buyers = Object.fromEntries(
          Object.entries(FIRST_PAINT_ROLES).map(([name, r]) => [name, r.products === 'subtitle' ? 1 : 0]),
        );
        // Its function's own source, minified (the build does not minify index.html's inline scripts).
        const minified = minifySync('products-first-paint.js', `var G=${String(productsFirstPaint)};`);
        if (minified.errors.length > 0 || !minified.code.startsWith('var G='))
          throw new Error('first paint: the products function does not minify');
        const productsFunction = minified.code.slice('var G='.length).replace(/;\s*$/, '');
        const productsConstants = {
          bands: PRICE_BAND_KEYS,
          sorts: PRODUCT_SORTS,
          green: STOCK_GREEN_ABOVE,
          freeLimit: FREE_PLAN_BROWSE_LIMIT,
        };
        // Which first paint shows, decided by the head script: on / the landing page's, to a visitor not signed in
        // last time (window.__ttFirstPaint); on any other path the signed-in shell's, as soon as it is known who is
        // signed in: at once from what the last visit remembered (localStorage `signed_in`, lib/first-paint.ts),
        // else when `/api/users/me` answers (window.__ttUser); refilled if that answer differs, taken away if it
        // says nobody is. This script, right after the markup, fills in the language and shows it.
        // A tap on one of its buttons before the app has taken over is remembered (window.__ttTap, the button's
        // text key): LandingPage replays the landing's, AppShell the shell's menu (lib/first-paint.ts); on a slow
        // phone that window is seconds long. A language chosen there is kept where the app reads it and shown at once.
        const show =
          `(function(){var e=document.getElementById('first-paint'),t=document.getElementById('first-paint-shell'),W;` +
          // The deployment's name, tagline and logo as the last visit kept them (window.__ttBranding, ADR 049).
          `function fill(){var M=W[document.documentElement.lang]||W.en,B=window.__ttBranding;` +
          `if(B){M=Object.assign({},M);if(B.name!=null)M['common:app.name']=B.name;if(B.tagline!=null)M['common:app.tagline']=B.tagline;` +
          `if(B.logo)e.querySelectorAll('img[src="/favicon.svg"]').forEach(function(i){i.src=B.logo})}` +
          `e.querySelectorAll('[data-t]').forEach(function(n){var v=M[n.getAttribute('data-t')];if(v==null)return;` +
          `var a=n.getAttribute('data-name');if(a!=null)v=v.replace('{{name}}',a);` +
          `for(var c=n.firstChild;c;c=c.nextSibling)if(c.nodeType===3&&c.nodeValue.trim()){c.nodeValue=v;return}});` +
          `e.querySelectorAll('[data-t-label]').forEach(function(n){var v=M[n.getAttribute('data-t-label')];if(v!=null)n.setAttribute('aria-label',v)})}` +
          `function live(b){e.addEventListener('click',function(v){var x=v.target.closest&&v.target.closest(b);if(!x)return;` +
          `e.querySelectorAll('[aria-busy]').forEach(function(y){y.removeAttribute('aria-busy')});` +
          `window.__ttTap=x.getAttribute(b==='[data-tap]'?'data-tap':'data-t');x.setAttribute('aria-busy','true')});` +
          `var s=e.querySelector('select');if(s){s.value=document.documentElement.lang;s.addEventListener('change',function(){` +
          `try{localStorage.setItem('language',s.value)}catch(x){}document.documentElement.lang=s.value;fill()})}e.hidden=false}` +
          `if(window.__ttFirstPaint){t.remove();W=${JSON.stringify(strings)};fill();live('button[data-t]');return}` +
          `var U=window.__ttUser,p=location.pathname;if(p==='/'||!U){e.remove();t.remove();return}` +
          `e.textContent='';e.appendChild(t.content);t.remove();e.setAttribute('data-shell','');W=${JSON.stringify(shellStrings)};` +
          `var R=${JSON.stringify(roles)},C=${JSON.stringify(BADGE_CLASS)},O=${JSON.stringify(BADGE_TONES)},H=${JSON.stringify(HEADINGS)}[p],` +
          `I={dashboard:2,products:3},k=e.querySelector('[data-heading]'),on=false;` +
          `if(H){k.querySelector('h1').setAttribute('data-t',H[0])}else k.remove();` +
          `e.querySelectorAll('nav a').forEach(function(a){var h=a.getAttribute('href');if(p!==h&&p.indexOf(h+'/')!==0)return;` +
          `a.setAttribute('aria-current','page');a.className=a.className.replace('text-stone-500','text-brand-700')});` +
          `function paint(u){var r=u&&R[u.role];if(!r){e.remove();return}` +
          `e.querySelectorAll('[data-t="common:shell.welcome"]').forEach(function(n){n.setAttribute('data-name',String(u.name||'').split(' ')[0])});` +
          `e.querySelectorAll('[data-r=badge]').forEach(function(n){n.setAttribute('data-t',r[0]);n.className=C[0]+' '+O[r[1]]+' '+C[1]});` +
          `if(H)k.querySelector('p').setAttribute('data-t',r[I[H[1]]]);fill();if(!on){on=true;live('[data-tap]')}}` +
          `var m=null;try{m=JSON.parse(localStorage.getItem('signed_in')||'null')}catch(x){}if(m&&m.role)paint(m);` +
          `U.then(function(u){if(e.isConnected)paint(u)});` +
          // The marketplace: below its heading, what ProductsPage draws there (View Cart, the free plan's banner, the
          // filter bar, the first row of cards: features/products/first-paint.ts) once the head script's answers are in.
          // Drawn again in a language chosen here. Its controls work: a filter or the list view opens the address
          // the app would (the app's code comes from the cache), Add to Cart is remembered (window.__ttTap) and
          // pressed by the card when the app takes over; ProductsPage takes its place (takeOverProductsFirstPaint).
          `var D=window.__ttProducts;if(D&&H)D.then(function(d){if(!d||!e.isConnected)return window.__ttGo();` +
          `var G=${productsFunction},K=${JSON.stringify(productsConstants)},X=[],f=document.createElement('template'),` +
          `V=JSON.parse(document.getElementById('first-paint-products').textContent);` +
          `function draw(){X.forEach(function(n){n.remove()});var l=document.documentElement.lang,P=G({lang:l,t:V[l]||V.en,` +
          `user:{id:d.user.id,buyer:d.buyer},list:d.list,categories:d.categories,plan:d.plan,cart:d.cart,c:K,cards:${FIRST_ROW_PICTURES}});` +
          `f.innerHTML=P[0];X=[].slice.call(f.content.childNodes);X.forEach(function(n){k.appendChild(n)});` +
          `f.innerHTML=P[1];var b=[].slice.call(f.content.childNodes);k.after.apply(k,b);X=X.concat(b)}` +
          `draw();e.setAttribute('data-products','');Promise.all([].map.call(e.querySelectorAll('[data-product-id] img'),function(i){` +
          `return i.decode().catch(function(){})})).then(function(){requestAnimationFrame(function(){setTimeout(window.__ttGo,0)})});` +
          `var s=e.querySelector('select');if(s)s.addEventListener('change',draw);` +
          `var F={'filter-department':'department','filter-price':'price','product-sort':'sort'};` +
          `e.addEventListener('change',function(v){var n=F[v.target.getAttribute('data-testid')];` +
          `if(n&&v.target.value)location.search='?'+n+'='+encodeURIComponent(v.target.value)});` +
          `e.addEventListener('click',function(v){var x=v.target.closest&&v.target.closest('[data-testid=add-to-cart],[aria-pressed=false]');` +
          `if(!x||x.disabled)return;if(x.hasAttribute('aria-pressed')){location.search='?view=list';return}` +
          `e.querySelectorAll('[aria-busy]').forEach(function(y){y.removeAttribute('aria-busy')});` +
          `window.__ttTap='products:add:'+x.closest('[data-product-id]').getAttribute('data-product-id');x.setAttribute('aria-busy','true')})})` +
          `})();`;

        // Vite's module scripts become the head script's to start: at once on most screens, but where the first
        // paint is the largest thing the screen shows (the landing page, the dashboard: PAINT_FIRST) only once the
        // browser reports that paint shown, or once it is known that nobody is signed in (the dashboard's shell is
        // then not shown), or after 1.5 s at the latest (a tab opened in the background never paints). On a slow
        // link the 270 KB of code would otherwise share the line with the stylesheet and the user's answer the
        // first paint waits for, and its first task is long on a slow phone. On the marketplace (unfiltered) the
        // largest paint is the first row of pictures, which the first paint draws too: the code waits for them to
        // show (window.__ttGo), for the answers to say they will not be drawn, or 2.5 s at the latest.
        const modules: string[] = [];
        html = html.replace(
          /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g,
          (_tag, src: string) => {
            modules.push(src);
            return '';
          },
        );
        html = html.replace(
          /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
          (_tag, href: string) => {
            if (!modules.includes(href)) modules.push(href);
            return '';
          },
        );
        if (modules.length === 0) throw new Error('first screen: index.html has no module script');
        const preload =
          // The deployment's branding as the last visit kept it (lib/branding.ts, ADR 049): Tailwind's brand
          // variables, the title and the browser bar's colour, before the stylesheet is applied, so the first paint is
          // drawn in its colours.
          `(function(){try{var B=JSON.parse(localStorage.getItem(${JSON.stringify(BRANDING_STORAGE_KEY)})||'null');` +
          `if(B&&B.vars){for(var k in B.vars)document.documentElement.style.setProperty(k,B.vars[k]);if(B.name)document.title=B.name;` +
          `var q=B.vars['--color-brand-500'],m=q&&document.querySelector('meta[name="theme-color"]');if(m)m.content=q;` +
          `window.__ttBranding=B}}catch(x){}})();` +
          `(function(){${resolveLanguageJs(languages)};document.documentElement.lang=l;var s=null;` +
          `try{s=localStorage.getItem('signed_in')}catch(x){}var p=location.pathname,f=window.__ttFirstPaint=p==='/'&&!s;` +
          `var S=${JSON.stringify(screens)},T=${JSON.stringify(translations)},M=${JSON.stringify(modules)},c=S[p];` +
          `var h=M.concat(c?c.f:[],c?c.n.map(function(n){return T[l+'/'+n]}):[]);` +
          `function load(){h.forEach(function(u){if(!u)return;var k=document.createElement('link');k.rel='modulepreload';` +
          `k.crossOrigin='';k.href=u;document.head.appendChild(k)});M.forEach(function(u){import(u)})}` +
          // The API calls, unless this is the signed-out visitor's landing page (no session cookie beside it, not
          // signed in last time: it asks for none). The user,
          // and once it answers that someone is signed in, the screen's data (a visitor's would only be refused).
          // The hint is kept for main.tsx (signedInHint): reading the cookie is a synchronous call to the browser's
          // network process, 14-33 ms on this machine while the page's files were still arriving (ADR 035).
          `var c=window.__ttSignedInHint=/(?:^|; )${SIGNED_IN_HINT}=/.test(document.cookie);` +
          `if(!f||c){var A=window.__ttApi={},R=${JSON.stringify(FIRST_REQUESTS)}[p]||[],` +
          `get=function(u){return A[u]=fetch(u,{credentials:'same-origin',headers:{Accept:'application/json'}})};` +
          // The user's answer, read beside the app (the shell's first paint waits on it when nothing is remembered).
          `var m=get(${JSON.stringify(ME_REQUEST)});window.__ttUser=m.then(function(r){return r.ok?r.clone().json():null})` +
          `.catch(function(){return null});` +
          // An answer's body, read beside the app's own reading of it (cloned before the app can have taken it).
          `var J=function(P){return P?P.then(function(r){return r.ok?r.clone().json():null}).catch(function(){return null}):null},` +
          // The marketplace's first paint (features/products/first-paint.ts) draws from these answers, or from none.
          `Q=function(){};if(p==='/products'&&!location.search)window.__ttProducts=new Promise(function(r){Q=r});` +
          `m.then(function(r){if(!r.ok)return Q(null);` +
          `R.forEach(function(u){if(u.indexOf('?')<0||!location.search)get(u)});` +
          `var L=J(A[${JSON.stringify(LIST_REQUEST)}]);` +
          `if(L&&window.__ttProducts){var x=[L,J(A[${JSON.stringify(CATEGORIES_REQUEST)}]),J(A[${JSON.stringify(PLAN_REQUEST)}])];` +
          // A buyer's cart (View Cart's count): asked for once the user's answer says the role buys.
          `Q(window.__ttUser.then(function(u){if(!u)return null;var b=${JSON.stringify(buyers)}[u.role];` +
          `if(b)x.push(J(get(${JSON.stringify(CART_REQUEST)})));return Promise.all(x).then(function(v){` +
          `return v[0]&&v[1]&&v[2]&&(!b||v[3])?{user:u,buyer:!!b,list:v[0],categories:v[1],plan:v[2],cart:b?v[3].length:0}:null})}))}else Q(null);` +
          // The marketplace's first row of pictures: asked for when the list arrives, not when the app has drawn it.
          `if(L)return L.then(function(d){((d&&d.products)||[]).slice(0,${FIRST_ROW_PICTURES}).forEach(function(x){if(!x.image_url)return;` +
          `var k=document.createElement('link');k.rel='preload';k.as='image';k.href=x.image_url;k.fetchPriority='high';` +
          `document.head.appendChild(k)})})}).catch(function(){Q(null)})}` +
          `var Z=window.__ttProducts;if(!f&&!Z&&${JSON.stringify(PAINT_FIRST)}.indexOf(p)<0)return load();` +
          `var d=false;function go(){if(!d){d=true;load()}}if(!f)window.__ttUser.then(function(u){if(!u)go()});` +
          // The marketplace with its first row drawn here: once that row's pictures are shown (the first-paint script
          // calls window.__ttGo), or at once when it will not be drawn, or after 2.5 s at the latest.
          `if(Z){window.__ttGo=go;Z.then(function(x){if(!x)go()});setTimeout(go,2500);return}setTimeout(go,1500);` +
          `try{new PerformanceObserver(function(e){if(e.getEntriesByName('first-contentful-paint').length)setTimeout(go,0)})` +
          `.observe({type:'paint',buffered:true})}catch(x){go()}})();`;
        // Before the stylesheet: an inline script waits for the stylesheets above it, the preloads should not.
        const stylesheet = html.indexOf('<link rel="stylesheet"');
        if (stylesheet < 0) throw new Error('first screen: index.html has no stylesheet');
        html = `${html.slice(0, stylesheet)}<script>${preload}</script>\n    ${html.slice(stylesheet)}`;

        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error('first paint: index.html has no root');
        return {
          html: html.replace(
            root,
            `<div id="first-paint" hidden>${markup.trim()}</div>\n    <template id="first-paint-shell">${shell.trim()}</template>\n` +
              `    <script type="application/json" id="first-paint-products">${JSON.stringify(productsWords).replace(/</g, '\\u003c')}</script>\n` +
              `    <script>${show}</script>\n    ${root}`,
          ),
          tags: [
            // While the first paint shows, the app's own (still loading) screen stays out of the way.
            {
              tag: 'style',
              // A button tapped there says it was heard (the app's loading state follows when it replays the tap).
              children:
                '#first-paint:not([hidden])~#root{display:none}#first-paint [aria-busy=true]{opacity:.7;cursor:progress}',
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}
