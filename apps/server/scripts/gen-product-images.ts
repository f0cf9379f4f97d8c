/**
 * Generates the flat-illustration product pictures shipped in
 * apps/web/public/products/*.svg. Deterministic: running it twice yields
 * byte-identical files.
 *
 *   npx tsx apps/server/scripts/gen-product-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../web/public/products');

// Warm, soft background tints.
const BG = {
  peach: '#FDE8D4',
  butter: '#FFF1C7',
  rose: '#FCE3E0',
  mint: '#E3F2E4',
  sky: '#E2EEF8',
  lilac: '#EFE4F5',
  sand: '#F6EBDD',
};

const HL = 'fill="#fff" opacity=".3"'; // highlight

function frame(title: string, bg: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img">` +
    `<title>${title}</title>` +
    `<rect width="400" height="400" fill="${bg}"/>` +
    `<circle cx="200" cy="200" r="152" fill="#fff" opacity=".45"/>` +
    `<ellipse cx="200" cy="336" rx="122" ry="14" fill="#5A3A1A" opacity=".13"/>` +
    body +
    `</svg>\n`
  );
}

function zigzag(x0: number, x1: number, y: number, h: number, n: number): string {
  const step = (x1 - x0) / n;
  let d = '';
  for (let i = 0; i < n; i++) {
    d += ` L${(x0 + step * (i + 0.5)).toFixed(1)} ${y - h} L${(x0 + step * (i + 1)).toFixed(1)} ${y}`;
  }
  return d;
}

// ---------------------------------------------------------------- shapes

function bag(body: string, shade: string, dark: string, label: string, icon: string): string {
  return (
    `<path d="M118 96Q200 86 282 96L298 316Q298 332 282 333Q200 342 118 333Q102 332 102 316Z" fill="${body}"/>` +
    `<path d="M262 94Q282 96 282 96L298 316Q298 332 282 333L270 334Q282 320 280 300Z" fill="${shade}"/>` +
    `<path d="M114 80${zigzag(114, 286, 80, 10, 12)} L284 104H116Z" fill="${dark}"/>` +
    `<path d="M120 112H280" stroke="#fff" stroke-width="3" stroke-dasharray="7 6" opacity=".6"/>` +
    `<rect x="136" y="146" width="128" height="124" rx="24" fill="${label}"/>` +
    icon +
    `<path d="M106 286H294L296 310H104Z" fill="${dark}"/>` +
    `<path d="M128 124Q122 220 124 318" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".25" fill="none"/>`
  );
}

const cornIcon =
  `<path d="M200 254Q156 236 164 184Q184 222 200 236Z" fill="#5BA84A"/>` +
  `<ellipse cx="200" cy="196" rx="22" ry="42" fill="#F5C518"/>` +
  `<path d="M186 174h28M181 190h38M181 206h38M186 222h28M200 156v80" stroke="#DDA200" stroke-width="3"/>` +
  `<path d="M200 254Q244 236 236 184Q216 222 200 236Z" fill="#6DBB57"/>`;

const riceIcon =
  `<path d="M162 206Q166 170 200 166Q234 170 238 206Z" fill="#fff" stroke="#E8D9BE" stroke-width="3"/>` +
  `<path d="M180 186l6-3M198 178l6 2M214 190l5 4M190 198l6-2M172 200l4-4M222 200l5-3" stroke="#D8C7A4" stroke-width="3" stroke-linecap="round"/>` +
  `<path d="M156 206H244A44 44 0 0 1 156 206Z" fill="#D9542B"/>` +
  `<path d="M166 216H234" stroke="#fff" stroke-width="4" opacity=".5"/>`;

const sugarCube = (x: number, y: number) =>
  `<rect x="${x}" y="${y}" width="34" height="34" rx="6" fill="#fff"/>` +
  `<rect x="${x + 20}" y="${y + 4}" width="10" height="26" rx="4" fill="#DCE6F0"/>`;
const sugarIcon = sugarCube(164, 214) + sugarCube(202, 214) + sugarCube(183, 176);

function oilBottle(): string {
  const petals = [0, 45, 90, 135, 180, 225, 270, 315]
    .map((a) => `<ellipse cx="200" cy="226" rx="7" ry="14" fill="#F7C21B" transform="rotate(${a} 200 246)"/>`)
    .join('');
  return (
    `<rect x="176" y="56" width="48" height="30" rx="7" fill="#D9412B"/>` +
    `<path d="M184 84h32v24q0 10 10 16l20 14q14 10 14 28v150q0 20-20 20h-80q-20 0-20-20v-150q0-18 14-28l20-14q10-6 10-16z" fill="#F2B632"/>` +
    `<path d="M240 150q10 8 10 18v146q0 12-10 14z" fill="#D9951A"/>` +
    `<rect x="140" y="196" width="120" height="100" fill="#fff"/>` +
    petals +
    `<circle cx="200" cy="246" r="11" fill="#7A4A1C"/>` +
    `<rect x="150" y="168" width="10" height="24" rx="5" ${HL}/>` +
    `<rect x="150" y="300" width="10" height="20" rx="5" ${HL}/>`
  );
}

function tin(label: string, dark: string, icon: string): string {
  return (
    `<ellipse cx="200" cy="318" rx="80" ry="18" fill="#98A1AB"/>` +
    `<rect x="120" y="168" width="160" height="150" fill="#B7C0C9"/>` +
    `<rect x="120" y="186" width="160" height="114" fill="${label}"/>` +
    `<path d="M120 286H280V300H120Z" fill="${dark}"/>` +
    `<ellipse cx="200" cy="168" rx="80" ry="18" fill="#D3DAE1"/>` +
    `<ellipse cx="200" cy="168" rx="68" ry="13" fill="#BCC5CE"/>` +
    `<ellipse cx="200" cy="166" rx="16" ry="6" fill="none" stroke="#8D969F" stroke-width="4"/>` +
    icon +
    `<rect x="132" y="190" width="10" height="106" rx="5" ${HL}/>`
  );
}

const fishIcon =
  `<path d="M230 242l26-18v36z" fill="#fff"/>` +
  `<ellipse cx="196" cy="242" rx="42" ry="20" fill="#fff"/>` +
  `<circle cx="172" cy="238" r="4" fill="#C62828"/>` +
  `<path d="M188 232q8 10 0 20" stroke="#C62828" stroke-width="3" fill="none"/>`;

function beansIcon(): string {
  const beans: [number, number, number][] = [
    [178, 232, -20],
    [202, 226, 15],
    [224, 238, -10],
    [188, 252, 30],
    [214, 256, -25],
    [168, 256, 5],
    [236, 258, 20],
  ];
  return (
    `<ellipse cx="202" cy="246" rx="52" ry="30" fill="#fff"/>` +
    beans
      .map(
        ([x, y, r]) =>
          `<ellipse cx="${x}" cy="${y}" rx="11" ry="7" fill="#C4531F" transform="rotate(${r} ${x} ${y})"/>`,
      )
      .join('')
  );
}

function bread(): string {
  return (
    `<path d="M84 150Q84 122 112 122H288Q316 122 316 150V318Q316 334 300 334H100Q84 334 84 318Z" fill="#fff" opacity=".45"/>` +
    `<path d="M186 122l-12-26h52l-12 26z" fill="#fff" opacity=".6"/>` +
    `<rect x="182" y="110" width="36" height="14" rx="4" fill="#D9412B"/>` +
    `<path d="M96 236Q96 146 200 146Q304 146 304 236V306Q304 320 290 320H110Q96 320 96 306Z" fill="#E2A052"/>` +
    `<path d="M96 236Q96 146 200 146Q304 146 304 236Q200 216 96 236Z" fill="#B86E2A"/>` +
    `<path d="M140 196q16-22 30-26M186 186q14-20 28-22M232 190q14-16 26-16" stroke="#F2C27A" stroke-width="7" stroke-linecap="round" fill="none"/>` +
    `<rect x="96" y="256" width="208" height="40" fill="#2F6DB5"/>` +
    `<circle cx="200" cy="276" r="28" fill="#fff"/>` +
    `<path d="M186 282q0-18 14-18t14 18z" fill="#E2A052"/>`
  );
}

function chicken(): string {
  const drumstick = (x: number, y: number, rot: number) =>
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<rect x="26" y="-7" width="44" height="14" rx="6" fill="#FFF4EA"/>` +
    `<circle cx="72" cy="-9" r="10" fill="#FFF4EA"/><circle cx="72" cy="9" r="10" fill="#FFF4EA"/>` +
    `<path d="M-44 0Q-44-34 0-30Q26-26 38-8V8Q26 26 0 30Q-44 34-44 0Z" fill="#EFAE86"/>` +
    `<ellipse cx="-12" cy="-12" rx="18" ry="8" fill="#fff" opacity=".35"/>` +
    `</g>`;
  return (
    drumstick(200, 208, -90) +
    drumstick(158, 200, -135) +
    drumstick(242, 200, -45) +
    `<path d="M78 228H322L302 318Q299 330 286 330H114Q101 330 98 318Z" fill="#2E5D8C"/>` +
    `<path d="M78 228H322L319 242H81Z" fill="#244B73"/>` +
    `<rect x="150" y="262" width="100" height="46" rx="10" fill="#fff"/>` +
    `<path d="M200 270v30M187 277l26 16M187 293l26-16" stroke="#3A8DD6" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M92 196l6 6M316 184l-6 6M330 212h-9" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`
  );
}

function jug(cap: string, label: string, icon: string): string {
  return (
    `<g transform="translate(-14 0)">` +
    `<rect x="222" y="124" width="70" height="104" rx="28" fill="#FFFFFF"/>` +
    `<rect x="240" y="142" width="34" height="68" rx="14" fill="#F1ECE4"/>` +
    `<path d="M128 132Q128 106 160 100V84H210V100Q244 106 244 132V314Q244 334 224 334H148Q128 334 128 314Z" fill="#FFFFFF"/>` +
    `<path d="M224 128Q234 134 234 146V318Q234 326 226 330Q244 330 244 314V132Q244 118 224 110Z" fill="#E4E1DA"/>` +
    `<rect x="154" y="64" width="62" height="26" rx="7" fill="${cap}"/>` +
    `<rect x="128" y="198" width="116" height="96" fill="${label}"/>` +
    icon +
    `<rect x="140" y="132" width="10" height="56" rx="5" fill="#F1ECE4"/>` +
    `</g>`
  );
}

const dropIcon = `<path d="M186 214Q206 240 206 258A20 20 0 0 1 166 258Q166 240 186 214Z" fill="#fff"/>`;
const sparkleIcon =
  `<path d="M186 218L194 238L214 246L194 254L186 274L178 254L158 246L178 238Z" fill="#fff"/>` +
  `<circle cx="214" cy="222" r="5" fill="#fff"/>`;

function pet(liquid: string, label: string, cap: string): string {
  return (
    `<rect x="180" y="56" width="40" height="26" rx="6" fill="${cap}"/>` +
    `<rect x="174" y="80" width="52" height="8" rx="4" fill="#C9D3DC"/>` +
    `<path d="M186 88H214V108Q250 128 250 170V312Q250 334 228 334H172Q150 334 150 312V170Q150 128 186 108Z" fill="${liquid}"/>` +
    `<path d="M186 88H214V112H186Z" fill="#fff" opacity=".55"/>` +
    `<rect x="150" y="200" width="100" height="70" fill="${label}"/>` +
    `<path d="M150 248Q176 222 200 238T250 226" stroke="#fff" stroke-width="7" fill="none"/>` +
    `<rect x="160" y="146" width="9" height="46" rx="4.5" ${HL}/>` +
    `<rect x="160" y="280" width="9" height="36" rx="4.5" ${HL}/>`
  );
}

function can(color: string): string {
  return (
    `<rect x="154" y="306" width="92" height="24" rx="10" fill="#AEB6BF"/>` +
    `<rect x="146" y="116" width="108" height="204" rx="16" fill="${color}"/>` +
    `<ellipse cx="200" cy="116" rx="50" ry="12" fill="#D3DAE1"/>` +
    `<ellipse cx="200" cy="116" rx="40" ry="8" fill="#B9C0C7"/>` +
    `<rect x="188" y="108" width="24" height="10" rx="5" fill="#8D969F"/>` +
    `<path d="M146 236Q176 206 200 224T254 212V250Q228 262 200 246T146 268Z" fill="#fff"/>` +
    `<rect x="160" y="136" width="10" height="80" rx="5" ${HL}/>`
  );
}

function carton(): string {
  return (
    `<g transform="translate(-11 0)">` +
    `<path d="M250 150L282 134V314L250 330Z" fill="#D47D0B"/>` +
    `<path d="M250 150L195 110L227 94L282 134Z" fill="#E08F1A"/>` +
    `<path d="M140 150L195 110L250 150Z" fill="#F7B24A"/>` +
    `<path d="M191 104L223 88L229 96L197 112Z" fill="#F9C971"/>` +
    `<circle cx="222" cy="134" r="9" fill="#fff"/>` +
    `<rect x="140" y="150" width="110" height="180" fill="#F39A1E"/>` +
    `<rect x="152" y="184" width="86" height="116" rx="14" fill="#fff"/>` +
    `<circle cx="195" cy="246" r="30" fill="#F7941D"/>` +
    `<circle cx="186" cy="236" r="8" fill="#fff" opacity=".4"/>` +
    `<path d="M195 216q2-16 22-18q-4 16-22 18z" fill="#4CAF50"/>` +
    `</g>`
  );
}

function box(front: string, side: string, top: string, inner: string, extra = ''): string {
  return (
    `<g transform="translate(-15 0)">` +
    extra +
    `<path d="M262 150L292 132V312L262 330Z" fill="${side}"/>` +
    `<path d="M122 150L152 132H292L262 150Z" fill="${top}"/>` +
    `<rect x="122" y="150" width="140" height="180" fill="${front}"/>` +
    inner +
    `</g>`
  );
}

const teaInner =
  `<path d="M192 176q-24 4-24 28q22-2 24-28z" fill="#7CC36A"/>` +
  `<path d="M172 188q6-10 14-26M186 186q8-8 6-20" stroke="#fff" stroke-width="4" stroke-linecap="round" fill="none" opacity=".7"/>` +
  `<path d="M160 226H216V244Q216 270 188 270Q160 270 160 244Z" fill="#fff"/>` +
  `<circle cx="219" cy="242" r="12" fill="none" stroke="#fff" stroke-width="7"/>` +
  `<ellipse cx="188" cy="278" rx="42" ry="7" fill="#fff"/>` +
  `<rect x="122" y="302" width="140" height="14" fill="#F2C14E"/>`;

const detergentInner =
  `<circle cx="192" cy="238" r="46" fill="#fff"/>` +
  `<path d="M158 244Q176 214 200 236T228 226Q222 272 190 278Q164 276 158 244Z" fill="#29B6F6"/>` +
  `<circle cx="226" cy="196" r="12" fill="#fff" opacity=".8"/><circle cx="150" cy="196" r="8" fill="#fff" opacity=".8"/>` +
  `<rect x="122" y="302" width="140" height="14" fill="#F9A825"/>`;
const detergentHandle = `<path d="M176 140V112Q176 100 188 100H226Q238 100 238 112V140" stroke="#0D47A1" stroke-width="9" fill="none"/>`;

const cerealInner =
  `<path d="M154 240H230A38 34 0 0 1 154 240Z" fill="#fff"/>` +
  `<ellipse cx="192" cy="238" rx="38" ry="8" fill="#F6D58E"/>` +
  `<path d="M214 232L246 184" stroke="#fff" stroke-width="8" stroke-linecap="round"/>` +
  `<circle cx="166" cy="194" r="14" fill="#FFE082"/>` +
  `<rect x="122" y="302" width="140" height="14" fill="#81C784"/>`;

function coffeeJar(): string {
  return (
    `<rect x="138" y="140" width="124" height="192" rx="26" fill="#5B3420"/>` +
    `<rect x="132" y="102" width="136" height="44" rx="10" fill="#E2A33B"/>` +
    `<path d="M150 104v40M166 104v40M182 104v40M198 104v40M214 104v40M230 104v40M246 104v40" stroke="#C98A27" stroke-width="3"/>` +
    `<rect x="138" y="196" width="124" height="92" fill="#F4E6CF"/>` +
    `<ellipse cx="200" cy="242" rx="20" ry="28" fill="#6B3D22" transform="rotate(30 200 242)"/>` +
    `<path d="M212 220Q194 240 188 264" stroke="#F4E6CF" stroke-width="4" fill="none"/>` +
    `<rect x="148" y="152" width="10" height="34" rx="5" ${HL}/>` +
    `<rect x="148" y="296" width="10" height="26" rx="5" ${HL}/>`
  );
}

function paraffin(bg: string): string {
  return (
    `<rect x="186" y="96" width="96" height="60" rx="20" fill="#3B82C4"/>` +
    `<rect x="204" y="110" width="60" height="24" rx="10" fill="${bg}"/>` +
    `<rect x="126" y="104" width="46" height="40" rx="7" fill="#E8532F"/>` +
    `<path d="M126 116h46M126 128h46" stroke="#C43F1F" stroke-width="3"/>` +
    `<rect x="110" y="140" width="180" height="192" rx="26" fill="#3B82C4"/>` +
    `<path d="M262 146Q290 146 290 174V306Q290 332 264 332Z" fill="#2F6EA8"/>` +
    `<rect x="134" y="196" width="132" height="104" rx="16" fill="#fff"/>` +
    `<path d="M200 212Q232 246 216 276Q208 290 200 290Q176 290 176 266Q176 248 192 234Q190 254 200 256Q208 236 200 212Z" fill="#F39A1E"/>` +
    `<path d="M200 252Q214 268 208 280Q204 286 199 286Q190 286 190 276Q190 266 200 252Z" fill="#F7D046"/>` +
    `<rect x="122" y="154" width="10" height="28" rx="5" ${HL}/>`
  );
}

function candles(): string {
  const c = (x: number, y: number) =>
    `<circle cx="${x + 17}" cy="${y - 24}" r="24" fill="#FFD36A" opacity=".35"/>` +
    `<rect x="${x}" y="${y}" width="34" height="${330 - y}" rx="6" fill="#FFF8E8"/>` +
    `<rect x="${x + 22}" y="${y}" width="12" height="${330 - y}" rx="6" fill="#EFE1C4"/>` +
    `<rect x="${x + 15.5}" y="${y - 12}" width="3" height="14" rx="1.5" fill="#4A3426"/>` +
    `<path d="M${x + 17} ${y - 46}Q${x + 31} ${y - 26} ${x + 26} ${y - 18}Q${x + 17} ${y - 8} ${x + 8} ${y - 18}Q${x + 4} ${y - 28} ${x + 17} ${y - 46}Z" fill="#F39A1E"/>` +
    `<path d="M${x + 17} ${y - 32}Q${x + 24} ${y - 22} ${x + 20} ${y - 17}Q${x + 17} ${y - 13} ${x + 14} ${y - 17}Q${x + 11} ${y - 22} ${x + 17} ${y - 32}Z" fill="#FFE36E"/>`;
  return (
    c(136, 178) +
    c(183, 142) +
    c(230, 196) +
    `<rect x="128" y="262" width="144" height="44" rx="10" fill="#C0392B"/>` +
    `<rect x="128" y="278" width="144" height="10" fill="#F2C14E"/>`
  );
}

function matches(): string {
  let sticks = '';
  for (let i = 0; i < 7; i++) {
    const x = 138 + i * 20;
    const top = 128 + ((i * 37) % 5) * 7;
    sticks +=
      `<rect x="${x}" y="${top}" width="7" height="${220 - top}" fill="#E7C08A"/>` +
      `<ellipse cx="${x + 3.5}" cy="${top}" rx="7" ry="10" fill="#C8372D"/>`;
  }
  return (
    `<rect x="124" y="180" width="152" height="40" fill="#E9C89A"/>` +
    sticks +
    `<rect x="110" y="196" width="180" height="134" rx="12" fill="#F2C230"/>` +
    `<rect x="110" y="196" width="180" height="16" rx="8" fill="#D9A81C"/>` +
    `<circle cx="200" cy="266" r="38" fill="#C8372D"/>` +
    `<path d="M200 240Q222 266 210 284Q205 292 200 292Q186 292 186 278Q186 266 196 258Q196 270 202 270Q206 256 200 240Z" fill="#FFD36A"/>`
  );
}

function dishLiquid(): string {
  return (
    `<rect x="192" y="60" width="16" height="20" rx="5" fill="#fff"/>` +
    `<rect x="178" y="76" width="44" height="38" rx="8" fill="#fff"/>` +
    `<path d="M168 112H232Q256 150 256 196V312Q256 334 234 334H166Q144 334 144 312V196Q144 150 168 112Z" fill="#43A047"/>` +
    `<path d="M232 116Q256 150 256 196V312Q256 330 240 333Q246 320 246 306V196Q246 150 224 116Z" fill="#2E7D32"/>` +
    `<rect x="144" y="206" width="112" height="90" fill="#fff"/>` +
    `<ellipse cx="200" cy="254" rx="30" ry="21" fill="#F7D13B"/>` +
    `<path d="M226 244q14-4 14-18q-14 2-16 16z" fill="#7CB342"/>` +
    `<circle cx="190" cy="248" r="6" fill="#fff" opacity=".5"/>` +
    `<rect x="156" y="148" width="10" height="48" rx="5" ${HL}/>` +
    `<circle cx="278" cy="150" r="14" fill="#fff" opacity=".7"/><circle cx="292" cy="118" r="8" fill="#fff" opacity=".7"/><circle cx="118" cy="180" r="10" fill="#fff" opacity=".7"/>`
  );
}

function tub(lid: string, lidDark: string, body: string, label: string, icon: string): string {
  return (
    `<path d="M120 196H280L270 314Q268 332 250 332H150Q132 332 130 314Z" fill="${body}"/>` +
    `<path d="M124 232H276L271 292H129Z" fill="${label}"/>` +
    icon +
    `<rect x="110" y="164" width="180" height="40" rx="12" fill="${lid}"/>` +
    `<path d="M126 170v28M142 170v28M158 170v28M174 170v28M190 170v28M206 170v28M222 170v28M238 170v28M254 170v28M270 170v28" stroke="${lidDark}" stroke-width="3"/>` +
    `<rect x="140" y="210" width="10" height="100" rx="5" ${HL}/>`
  );
}

const hairIcon =
  `<path d="M164 250q12-14 24 0t24 0t24 0M164 266q12-14 24 0t24 0t24 0" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>` +
  `<circle cx="200" cy="238" r="0" fill="none"/>`;
const jellyIcon =
  `<ellipse cx="200" cy="262" rx="30" ry="18" fill="#fff"/>` +
  `<path d="M200 240Q216 258 216 266A16 16 0 0 1 184 266Q184 258 200 240Z" fill="#5C9BD6"/>`;

function lotion(): string {
  return (
    `<path d="M176 78H224Q236 78 236 88H250V98H236V96H176Z" fill="#8C5A3C"/>` +
    `<rect x="194" y="94" width="12" height="30" fill="#B3835F"/>` +
    `<rect x="178" y="120" width="44" height="30" rx="6" fill="#8C5A3C"/>` +
    `<rect x="148" y="146" width="104" height="188" rx="32" fill="#FFF6EA"/>` +
    `<path d="M226 150Q252 152 252 180V302Q252 334 222 334Q240 326 240 300V180Q240 160 226 150Z" fill="#F0DFC8"/>` +
    `<rect x="148" y="204" width="104" height="94" fill="#D9A05B"/>` +
    `<path d="M200 270Q172 254 182 226Q200 236 200 270Z" fill="#fff"/>` +
    `<path d="M200 270Q228 254 218 226Q200 236 200 270Z" fill="#fff" opacity=".75"/>` +
    `<rect x="160" y="162" width="10" height="36" rx="5" fill="#fff"/>`
  );
}

function soap(): string {
  return (
    `<g transform="rotate(-10 226 214)">` +
    `<rect x="150" y="168" width="154" height="92" rx="36" fill="#F2A7B6"/>` +
    `<rect x="162" y="176" width="130" height="66" rx="30" fill="#F8C6D0"/>` +
    `<ellipse cx="226" cy="208" rx="34" ry="14" fill="#F2A7B6"/>` +
    `</g>` +
    `<rect x="96" y="236" width="176" height="92" rx="16" fill="#2E8B9A"/>` +
    `<rect x="96" y="236" width="176" height="18" rx="9" fill="#247582"/>` +
    `<ellipse cx="184" cy="290" rx="50" ry="24" fill="#fff"/>` +
    `<ellipse cx="184" cy="290" rx="30" ry="10" fill="#9AD3DB"/>` +
    `<circle cx="300" cy="160" r="16" fill="#fff" opacity=".8"/><circle cx="318" cy="198" r="9" fill="#fff" opacity=".8"/><circle cx="112" cy="196" r="12" fill="#fff" opacity=".8"/>`
  );
}

function toothpaste(): string {
  return (
    `<path d="M112 244L140 226H320L292 244Z" fill="#4F8FDB"/>` +
    `<path d="M292 244L320 226V298L292 316Z" fill="#0D47A1"/>` +
    `<rect x="80" y="244" width="212" height="72" rx="6" fill="#1565C0"/>` +
    `<path d="M80 288Q150 258 220 282T292 272V300H80Z" fill="#E53935"/>` +
    `<g transform="rotate(-8 200 180)">` +
    `<rect x="92" y="142" width="18" height="84" rx="4" fill="#CFD8DC"/>` +
    `<path d="M110 144L256 160Q266 161 266 170V198Q266 207 256 208L110 224Z" fill="#fff"/>` +
    `<path d="M110 196Q170 170 264 188V204L110 222Z" fill="#E53935"/>` +
    `<rect x="264" y="170" width="12" height="32" fill="#ECEFF1"/>` +
    `<rect x="274" y="164" width="34" height="44" rx="8" fill="#1565C0"/>` +
    `</g>`
  );
}

function voucherCard(x: number, color: string, dark: string, rot: number): string {
  return (
    `<g transform="rotate(${rot} ${x + 80} 220)">` +
    `<rect x="${x}" y="84" width="160" height="250" rx="20" fill="${color}"/>` +
    `<rect x="${x}" y="84" width="160" height="64" rx="20" fill="${dark}"/>` +
    `<rect x="${x}" y="128" width="160" height="20" fill="${dark}"/>` +
    `<rect x="${x + 54}" y="168" width="52" height="86" rx="10" fill="#fff"/>` +
    `<rect x="${x + 61}" y="180" width="38" height="56" rx="4" fill="${color}"/>` +
    `<circle cx="${x + 80}" cy="245" r="4" fill="${color}"/>` +
    `<rect x="${x + 24}" y="110" width="8" height="14" rx="2" fill="#fff"/>` +
    `<rect x="${x + 36}" y="102" width="8" height="22" rx="2" fill="#fff"/>` +
    `<rect x="${x + 48}" y="94" width="8" height="30" rx="2" fill="#fff"/>` +
    `<rect x="${x + 22}" y="272" width="116" height="36" rx="10" fill="#C9D1D8"/>` +
    `<path d="M${x + 34} 300l18-20M${x + 54} 300l18-20M${x + 74} 300l18-20M${x + 94} 300l18-20M${x + 114} 300l14-16" stroke="#E9EEF2" stroke-width="4"/>` +
    `</g>`
  );
}

function airtime(): string {
  return voucherCard(150, '#F2A33A', '#D9822B', 8) + voucherCard(112, '#E8533A', '#C23E28', -6);
}

function token(): string {
  let digits = '';
  for (let i = 0; i < 5; i++)
    digits += `<rect x="${148 + i * 22}" y="222" width="16" height="12" rx="3" fill="#37474F"/>`;
  return (
    `<g transform="rotate(4 200 200)">` +
    `<path d="M132 68H268V316${zigzag(268, 132, 316, -10, 9)}Z" fill="#fff"/>` +
    `<circle cx="200" cy="122" r="30" fill="#F9C630"/>` +
    `<path d="M206 98L184 128H200L194 148L218 116H202Z" fill="#37474F"/>` +
    `<rect x="152" y="168" width="96" height="8" rx="4" fill="#B0BEC5"/>` +
    `<rect x="164" y="186" width="72" height="8" rx="4" fill="#CFD8DC"/>` +
    `<rect x="140" y="212" width="120" height="32" rx="6" fill="#FFF3C4"/>` +
    digits +
    `<rect x="148" y="258" width="104" height="7" rx="3.5" fill="#CFD8DC"/>` +
    `<rect x="148" y="274" width="80" height="7" rx="3.5" fill="#CFD8DC"/>` +
    `<rect x="148" y="290" width="92" height="7" rx="3.5" fill="#CFD8DC"/>` +
    `</g>`
  );
}

function chips(): string {
  const crimp = (y: number) =>
    `<rect x="116" y="${y}" width="168" height="22" rx="4" fill="#B71C1C"/>` +
    `<path d="M${Array.from({ length: 14 }, (_, i) => `M${126 + i * 11} ${y + 4}v14`)
      .join('')
      .slice(1)}" stroke="#8E1515" stroke-width="3"/>`;
  return (
    `<path d="M120 100H280Q300 206 280 312H120Q100 206 120 100Z" fill="#E53935"/>` +
    crimp(82) +
    crimp(306) +
    `<path d="M200 150L214 170L238 162L236 186L258 196L238 210L250 232L226 232L220 256L200 240L180 256L174 232L150 232L162 210L142 196L164 186L162 162L186 170Z" fill="#FFD54F"/>` +
    `<path d="M170 226Q186 196 214 204Q236 212 228 236Q208 254 184 246Q168 240 170 226Z" fill="#F6B93B"/>` +
    `<path d="M196 212Q222 200 240 218Q248 238 226 248Q206 250 196 236Z" fill="#E9A23B"/>` +
    `<path d="M184 222q10-8 22-4M208 226q10-6 20 0" stroke="#C77F1F" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `<rect x="130" y="118" width="10" height="170" rx="5" ${HL}/>`
  );
}

function sweetsJar(): string {
  const cols = ['#E53935', '#FDD835', '#43A047', '#1E88E5', '#FB8C00', '#8E24AA'];
  const pos: [number, number][] = [
    [152, 308],
    [182, 312],
    [212, 308],
    [242, 310],
    [166, 284],
    [196, 288],
    [226, 284],
    [250, 286],
    [154, 260],
    [184, 262],
    [214, 258],
    [244, 262],
    [168, 236],
    [200, 236],
    [230, 236],
  ];
  const sweets = pos
    .map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="14" fill="${cols[i % cols.length]}"/>`)
    .join('');
  return (
    `<rect x="128" y="136" width="144" height="196" rx="40" fill="#D4ECF5" stroke="#A9D3E6" stroke-width="4"/>` +
    `<clipPath id="j"><rect x="134" y="142" width="132" height="184" rx="34"/></clipPath>` +
    `<g clip-path="url(#j)">${sweets}</g>` +
    `<rect x="136" y="104" width="128" height="40" rx="10" fill="#E53935"/>` +
    `<rect x="136" y="104" width="128" height="12" rx="6" fill="#C62828"/>` +
    `<rect x="156" y="170" width="88" height="40" rx="10" fill="#fff"/>` +
    `<path d="M176 190h48" stroke="#F48FB1" stroke-width="8" stroke-linecap="round"/>` +
    `<rect x="140" y="160" width="9" height="150" rx="4.5" fill="#fff" opacity=".6"/>`
  );
}

function biscuits(): string {
  let holes = '';
  for (const [dx, dy] of [
    [-12, -14],
    [8, -18],
    [-6, 4],
    [12, 6],
    [-10, 22],
    [8, 24],
  ] as const) {
    holes += `<circle cx="${290 + dx * 0.4}" cy="${232 + dy}" r="3" fill="#C98B3A"/>`;
  }
  return (
    `<path d="M96 178L110 184L96 190L110 196L96 202L110 208L96 214L110 220L96 226L110 232L96 238L110 244L96 250L110 256L96 262L110 268L96 274L110 280L96 286L110 290V178Z" fill="#174F8A"/>` +
    `<rect x="106" y="178" width="186" height="112" fill="#1E6BB8"/>` +
    `<ellipse cx="292" cy="234" rx="22" ry="56" fill="#E9B872"/>` +
    holes +
    `<rect x="156" y="178" width="80" height="112" fill="#F2C14E"/>` +
    `<circle cx="196" cy="234" r="26" fill="#E3A857"/>` +
    `<circle cx="188" cy="226" r="3" fill="#B9782F"/><circle cx="204" cy="230" r="3" fill="#B9782F"/><circle cx="194" cy="244" r="3" fill="#B9782F"/>` +
    `<rect x="106" y="190" width="186" height="8" ${HL}/>` +
    `<circle cx="150" cy="306" r="30" fill="#E3A857"/>` +
    `<circle cx="140" cy="298" r="3" fill="#B9782F"/><circle cx="158" cy="300" r="3" fill="#B9782F"/><circle cx="148" cy="316" r="3" fill="#B9782F"/>`
  );
}

function nappies(bg: string): string {
  return (
    `<rect x="158" y="94" width="84" height="52" rx="22" fill="#7EC8E3"/>` +
    `<rect x="176" y="108" width="48" height="20" rx="10" fill="${bg}"/>` +
    `<rect x="104" y="130" width="192" height="202" rx="38" fill="#7EC8E3"/>` +
    `<path d="M256 136Q296 140 296 180V294Q296 330 262 332Q284 320 284 292V180Q284 148 256 136Z" fill="#5FB3D3"/>` +
    `<circle cx="200" cy="218" r="56" fill="#fff"/>` +
    `<circle cx="200" cy="222" r="34" fill="#F2C29B"/>` +
    `<path d="M190 190q10-10 18 0q-8-2-10 6z" fill="#6D4C41"/>` +
    `<circle cx="188" cy="220" r="4" fill="#4E342E"/><circle cx="212" cy="220" r="4" fill="#4E342E"/>` +
    `<path d="M188 234q12 10 24 0" stroke="#4E342E" stroke-width="3.5" fill="none" stroke-linecap="round"/>` +
    `<circle cx="180" cy="232" r="5" fill="#F48FB1" opacity=".6"/><circle cx="220" cy="232" r="5" fill="#F48FB1" opacity=".6"/>` +
    `<rect x="104" y="288" width="192" height="22" fill="#FFD166"/>` +
    `<rect x="118" y="150" width="10" height="60" rx="5" ${HL}/>`
  );
}

function wipes(): string {
  return (
    `<rect x="92" y="168" width="216" height="156" rx="44" fill="#F6B8C8"/>` +
    `<path d="M270 172Q308 176 308 214V284Q308 320 272 324Q296 310 296 284V214Q296 186 270 172Z" fill="#EB9BB0"/>` +
    `<rect x="146" y="180" width="108" height="50" rx="24" fill="#fff"/>` +
    `<rect x="160" y="196" width="80" height="18" rx="9" fill="#F3E5EA"/>` +
    `<ellipse cx="204" cy="284" rx="32" ry="20" fill="#FFD54F"/>` +
    `<circle cx="180" cy="262" r="16" fill="#FFD54F"/>` +
    `<path d="M164 262l-12 4l12 4z" fill="#FB8C00"/>` +
    `<circle cx="176" cy="258" r="2.5" fill="#4E342E"/>` +
    `<path d="M216 276q12-2 18 8" stroke="#F9A825" stroke-width="4" fill="none" stroke-linecap="round"/>`
  );
}

// ---------------------------------------------------------------- catalogue

const images: Record<string, [string, string, string]> = {
  'maize-meal-bag': ['Maize meal bag', BG.butter, bag('#F3D98A', '#E5C56A', '#2E7D32', '#FFFFFF', cornIcon)],
  'rice-bag': ['Rice bag', BG.peach, bag('#F5B58C', '#EA9E70', '#C8452A', '#FFF6EE', riceIcon)],
  'sugar-bag': ['Sugar bag', BG.sky, bag('#A9CDEE', '#8DB8E2', '#1E5FA8', '#E4EFFA', sugarIcon)],
  'cooking-oil-bottle': ['Sunflower cooking oil bottle', BG.butter, oilBottle()],
  'canned-fish': ['Tin of pilchards', BG.sky, tin('#D84332', '#B23424', fishIcon)],
  'canned-beans': ['Tin of baked beans', BG.peach, tin('#E8742C', '#C45C1C', beansIcon())],
  'bread-loaf': ['Loaf of bread', BG.sand, bread()],
  'frozen-chicken': ['Frozen chicken pack', BG.sky, chicken()],
  'milk-bottle': ['Milk bottle', BG.mint, jug('#2F7D4F', '#3E9A63', dropIcon)],
  'soft-drink-cola': ['Cola bottle', BG.rose, pet('#4A2412', '#D7262E', '#D7262E')],
  'soft-drink-orange': ['Orange soft drink bottle', BG.butter, pet('#F08A1C', '#1F7A3A', '#1F7A3A')],
  'soft-drink-can': ['Soft drink can', BG.rose, can('#D7262E')],
  'juice-carton': ['Juice carton', BG.peach, carton()],
  'tea-box': ['Box of tea', BG.rose, box('#B8412C', '#8E3020', '#D0624A', teaInner)],
  'coffee-jar': ['Jar of instant coffee', BG.sand, coffeeJar()],
  'paraffin-container': ['Paraffin container', BG.peach, paraffin(BG.peach)],
  candles: ['Household candles', BG.lilac, candles()],
  matches: ['Box of matches', BG.peach, matches()],
  'dishwashing-liquid': ['Dishwashing liquid bottle', BG.mint, dishLiquid()],
  'bleach-bottle': ['Bleach bottle', BG.sky, jug('#1E6BB8', '#2F86D6', sparkleIcon)],
  'washing-powder-box': [
    'Washing powder box',
    BG.sky,
    box('#1E88E5', '#1565C0', '#64B5F6', detergentInner, detergentHandle),
  ],
  'hair-relaxer-tub': [
    'Hair relaxer tub',
    BG.lilac,
    tub('#7B2D8E', '#5E1F6E', '#FFFFFF', '#C2185B', hairIcon),
  ],
  'petroleum-jelly-tub': [
    'Petroleum jelly tub',
    BG.sky,
    tub('#1E6BB8', '#16528F', '#F6E7B0', '#2F86D6', jellyIcon),
  ],
  'lotion-bottle': ['Body lotion bottle', BG.peach, lotion()],
  'soap-bar': ['Bars of soap', BG.mint, soap()],
  toothpaste: ['Toothpaste tube and box', BG.sky, toothpaste()],
  'airtime-voucher': ['Prepaid airtime vouchers', BG.butter, airtime()],
  'electricity-token': ['Prepaid electricity token slip', BG.butter, token()],
  'chips-packet': ['Packet of chips', BG.butter, chips()],
  'sweets-jar': ['Jar of sweets', BG.rose, sweetsJar()],
  'biscuits-pack': ['Pack of biscuits', BG.sand, biscuits()],
  'nappies-pack': ['Pack of nappies', BG.sky, nappies(BG.sky)],
  'baby-wipes': ['Baby wipes', BG.rose, wipes()],
  'baby-cereal-box': ['Baby cereal box', BG.mint, box('#FFB74D', '#EF8F1F', '#FFCC80', cerealInner)],
};

mkdirSync(OUT_DIR, { recursive: true });
for (const [name, [title, bg, body]] of Object.entries(images)) {
  const svg = frame(title, bg, body);
  const bytes = Buffer.byteLength(svg);
  if (bytes > 4096) throw new Error(`${name}.svg is ${bytes} bytes (> 4 KB)`);
  writeFileSync(join(OUT_DIR, `${name}.svg`), svg);
  console.log(`${name}.svg ${bytes} B`);
}
