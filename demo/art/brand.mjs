// The logo, favicon, badges and strips (brands, payment methods, business profile).
import { esc, r1 } from './svg.mjs'

const BRAND = { green: '#1d4d3a', green2: '#2f6b50', cedar: '#b45309', ink: '#13231d' }
const FONT = "font-family=\"'Liberation Sans Narrow', 'DejaVu Sans Condensed', 'Arial Narrow', sans-serif\""
const FONT_W = "font-family=\"'Liberation Sans', 'DejaVu Sans', Arial, sans-serif\""
const svgDoc = (w, h, body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`

/** The mark: two peaks with a snow cap behind a short picket fence, in a 100×100 box. */
function mark(x, y, s, bg) {
  const k = (v) => r1(v * s)
  const T = (px, py) => `${r1(x + px * s)},${r1(y + py * s)}`
  const out = []
  if (bg) out.push(`<rect x="${x}" y="${y}" width="${k(100)}" height="${k(100)}" rx="${k(20)}" fill="${bg}"/>`)
  const g = bg ? '#ffffff' : BRAND.green
  const g2 = bg ? '#cfe3d8' : BRAND.green2
  out.push(`<polygon points="${T(6, 78)} ${T(38, 22)} ${T(56, 52)} ${T(70, 34)} ${T(96, 78)}" fill="${g2}"/>`)
  out.push(`<polygon points="${T(6, 78)} ${T(38, 22)} ${T(70, 78)}" fill="${g}"/>`)
  out.push(`<polygon points="${T(38, 22)} ${T(47, 38)} ${T(42, 35)} ${T(37, 41)} ${T(32, 34)}" fill="${bg ? BRAND.green : '#ffffff'}"/>`)
  const fc = bg ? '#f2b26b' : BRAND.cedar
  for (let i = 0; i < 6; i++) {
    const px = 12 + i * 14
    out.push(`<polygon points="${T(px, 92)} ${T(px, 66)} ${T(px + 4.5, 60)} ${T(px + 9, 66)} ${T(px + 9, 92)}" fill="${fc}"/>`)
  }
  out.push(`<rect x="${r1(x + 8 * s)}" y="${r1(y + 71 * s)}" width="${k(86)}" height="${k(5)}" fill="${fc}"/>`)
  out.push(`<rect x="${r1(x + 8 * s)}" y="${r1(y + 82 * s)}" width="${k(86)}" height="${k(5)}" fill="${fc}"/>`)
  return out.join('')
}
export function logoSvg() {
  return svgDoc(
    400,
    120,
    mark(6, 10, 1) +
      `<text x="116" y="62" ${FONT} font-weight="700" font-size="44" fill="${BRAND.ink}" letter-spacing="0.3">SUMMIT RIDGE</text>` +
      `<rect x="117" y="74" width="272" height="3" fill="${BRAND.cedar}"/>` +
      `<text x="117" y="102" ${FONT} font-weight="700" font-size="21" fill="${BRAND.green}" letter-spacing="3.1">FENCE &amp; CONSTRUCTION</text>`,
  )
}
export const faviconSvg = (n) => svgDoc(n, n, mark(0, 0, n / 100, BRAND.green))

/** Generic glyphs drawn in a 40×40 box (no third-party artwork). */
export const GLYPH = {
  chat: '<path d="M6 9h28a3 3 0 0 1 3 3v14a3 3 0 0 1-3 3H17l-8 6v-6H6a3 3 0 0 1-3-3V12a3 3 0 0 1 3-3z" fill="#fff"/>',
  camera:
    '<rect x="5" y="9" width="30" height="24" rx="7" fill="none" stroke="#fff" stroke-width="3.5"/><circle cx="20" cy="21" r="6" fill="none" stroke="#fff" stroke-width="3.5"/><circle cx="29" cy="14" r="2" fill="#fff"/>',
  pin: '<path d="M20 4a11 11 0 0 1 11 11c0 8-11 21-11 21S9 23 9 15A11 11 0 0 1 20 4z" fill="#fff"/><circle cx="20" cy="15" r="4.5" fill="currentColor"/>',
  star: '<polygon points="20,4 24.7,14.5 36,15.5 27.5,23 30,34.5 20,28.6 10,34.5 12.5,23 4,15.5 15.3,14.5" fill="#fff"/>',
  play: '<rect x="3" y="8" width="34" height="24" rx="7" fill="#fff"/><polygon points="16,13 27,20 16,27" fill="currentColor"/>',
  house:
    '<polygon points="20,5 36,19 32,19 32,35 8,35 8,19 4,19" fill="#fff"/><rect x="16" y="23" width="8" height="12" fill="currentColor"/>',
  check:
    '<polygon points="20,5 36,19 32,19 32,35 8,35 8,19 4,19" fill="#fff"/><polyline points="13,25 18,30 27,20" fill="none" stroke="currentColor" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>',
  shield:
    '<path d="M20 3l14 5v10c0 9-6 15-14 19C12 33 6 27 6 18V8z" fill="#fff"/><polyline points="13,19 18,24 27,14" fill="none" stroke="currentColor" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>',
  leaf: '<path d="M8 33C8 17 18 7 34 6c0 16-9 27-24 27z" fill="#fff"/><path d="M9 32L26 15" stroke="currentColor" stroke-width="3"/>',
}
export function badgeSvg(label, color, glyph) {
  return svgDoc(
    240,
    80,
    `<rect x="1" y="1" width="238" height="78" rx="14" fill="#ffffff" stroke="#d5d9d7" stroke-width="2"/>` +
      `<rect x="12" y="12" width="56" height="56" rx="12" fill="${color}"/>` +
      `<g transform="translate(20 20)" color="${color}">${glyph}</g>` +
      `<text x="82" y="49" ${FONT_W} font-weight="700" font-size="${label.length > 11 ? 17 : 21}" fill="#1f2a26">${esc(label)}</text>`,
  )
}
export function brandStripSvg() {
  const brands = [
    ['Cedarline Lumber', '#7a4a22', 'tree'],
    ['Alpine Vinyl', '#2a5d8f', 'peak'],
    ['Forge & Rail', '#2b2b2b', 'rail'],
    ['Granite Mix', '#6b6e70', 'block'],
    ['Redstone Decking', '#9b3a22', 'deck'],
  ]
  const icon = {
    tree: (c) =>
      `<polygon points="30,6 50,40 40,40 54,62 6,62 20,40 10,40" fill="${c}"/><rect x="26" y="62" width="8" height="10" fill="${c}"/>`,
    peak: (c) => `<polygon points="2,66 24,18 36,40 44,28 60,66" fill="${c}"/><polygon points="24,18 30,30 18,30" fill="#fff"/>`,
    rail: (c) =>
      `<rect x="4" y="26" width="52" height="5" fill="${c}"/><rect x="4" y="58" width="52" height="5" fill="${c}"/>${[8, 20, 32, 44].map((x) => `<rect x="${x}" y="14" width="5" height="56" fill="${c}"/><polygon points="${x - 2},14 ${x + 7},14 ${x + 2.5},6" fill="${c}"/>`).join('')}`,
    block: (c) =>
      `<rect x="4" y="14" width="24" height="16" fill="${c}"/><rect x="32" y="14" width="24" height="16" fill="${c}"/><rect x="16" y="34" width="28" height="16" fill="${c}"/><rect x="4" y="54" width="24" height="16" fill="${c}"/><rect x="32" y="54" width="24" height="16" fill="${c}"/>`,
    deck: (c) => `${[14, 28, 42, 56].map((y) => `<polygon points="4,${y} 56,${y - 8} 56,${y - 2} 4,${y + 6}" fill="${c}"/>`).join('')}`,
  }
  const cell = 240
  const body = brands
    .map(([name, c, k], i) => {
      const x = i * cell
      const [first, ...rest] = name.split(' ')
      return `<g transform="translate(${x + 18} 40)">${icon[k](c)}</g><text x="${x + 88}" y="96" ${FONT_W} font-weight="700" font-size="26" fill="${c}">${esc(first)}</text><text x="${x + 88}" y="124" ${FONT_W} font-size="17" letter-spacing="2" fill="#55605b">${esc(rest.join(' ').toUpperCase())}</text>`
    })
    .join('')
  return svgDoc(1200, 160, `<rect width="1200" height="160" fill="#ffffff"/>${body}`)
}
export function paymentStripSvg() {
  /** @type {[string, (x: number) => string][]} */
  const items = [
    [
      'Cards',
      (x) =>
        `<rect x="${x}" y="18" width="96" height="62" rx="8" fill="#1f4e79"/><rect x="${x}" y="32" width="96" height="11" fill="#0f2a44"/><rect x="${x + 10}" y="52" width="18" height="13" rx="2" fill="#e5c268"/><rect x="${x + 50}" y="60" width="36" height="6" rx="3" fill="#9fb6cc"/>`,
    ],
    [
      'Check',
      (x) =>
        `<rect x="${x}" y="22" width="96" height="54" rx="4" fill="#e8efe6" stroke="#7f9c86" stroke-width="2"/><rect x="${x + 10}" y="34" width="42" height="5" fill="#7f9c86"/><rect x="${x + 10}" y="48" width="76" height="3" fill="#a9bfae"/><rect x="${x + 10}" y="60" width="30" height="3" fill="#a9bfae"/><path d="M${x + 56} 64 q6 -10 12 0 t12 0" fill="none" stroke="#1f4e79" stroke-width="2.5"/>`,
    ],
    [
      'Cash',
      (x) =>
        `<rect x="${x}" y="24" width="96" height="50" rx="5" fill="#5c9a5c"/><rect x="${x + 6}" y="30" width="84" height="38" rx="3" fill="none" stroke="#d8efd8" stroke-width="2"/><circle cx="${x + 48}" cy="49" r="13" fill="#d8efd8"/><circle cx="${x + 48}" cy="49" r="7" fill="#5c9a5c"/>`,
    ],
    [
      'Transfer',
      (x) =>
        `<rect x="${x + 26}" y="14" width="44" height="72" rx="8" fill="#3d3d3d"/><rect x="${x + 30}" y="22" width="36" height="54" rx="3" fill="#dfe8f0"/><path d="M${x + 36} 42 h22 l-6 -6 M${x + 60} 56 h-22 l6 6" fill="none" stroke="#b45309" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`,
    ],
  ]
  const body = items
    .map(
      ([label, draw], i) =>
        `${draw(20 + i * 145)}<text x="${68 + i * 145}" y="108" text-anchor="middle" ${FONT_W} font-weight="700" font-size="17" fill="#1f2a26">${label}</text>`,
    )
    .join('')
  return svgDoc(600, 120, `<rect width="600" height="120" fill="#ffffff"/>${body}`)
}
export function gmbSvg() {
  const roads =
    '<path d="M0 140 C80 120 140 170 240 150" stroke="#ffffff" stroke-width="14" fill="none"/><path d="M90 0 L130 240" stroke="#ffffff" stroke-width="10" fill="none"/><path d="M0 60 L240 90" stroke="#f7e3a1" stroke-width="12" fill="none"/><path d="M170 0 C160 80 200 160 190 240" stroke="#ffffff" stroke-width="8" fill="none"/>'
  const stars = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<polygon transform="translate(${300 + i * 52} 112)" points="20,0 24.7,10.5 36,11.5 27.5,19 30,30.5 20,24.6 10,30.5 12.5,19 4,11.5 15.3,10.5" fill="#f4b400"/>`,
    )
    .join('')
  return svgDoc(
    600,
    240,
    `<rect width="600" height="240" rx="18" fill="#ffffff"/><clipPath id="m"><rect width="260" height="240" rx="18"/></clipPath><g clip-path="url(#m)"><rect width="260" height="240" fill="#dfead7"/><rect x="150" y="160" width="110" height="80" fill="#b8d9ee"/><rect x="20" y="170" width="50" height="40" fill="#c9dfb8"/>${roads}</g>` +
      `<path d="M128 40a34 34 0 0 1 34 34c0 26-34 64-34 64s-34-38-34-64a34 34 0 0 1 34-34z" fill="#c0392b"/><circle cx="128" cy="74" r="13" fill="#ffffff"/>` +
      mark(300, 18, 0.7) +
      `<text x="378" y="70" ${FONT} font-weight="700" font-size="28" fill="${BRAND.ink}">Find Us On Maps</text>${stars}` +
      `<text x="300" y="192" ${FONT_W} font-size="18" fill="#44514b">Directions, hours &amp; reviews</text>` +
      `<rect x="1" y="1" width="598" height="238" rx="18" fill="none" stroke="#d5d9d7" stroke-width="2"/>`,
  )
}

export const BADGES = {
  'social-facebook': ['Facebook', '#1b5fb4', GLYPH.chat],
  'social-instagram': ['Instagram', '#b1346b', GLYPH.camera],
  'social-google': ['Google', '#2d6ccf', GLYPH.pin],
  'social-yelp': ['Yelp', '#b3261e', GLYPH.star],
  'social-youtube': ['YouTube', '#c4161c', GLYPH.play],
  'dir-angi': ['Angi', '#c4372b', GLYPH.house],
  'dir-homeadvisor': ['HomeAdvisor', '#e0701e', GLYPH.check],
  'dir-bbb': ['BBB', '#1f5a8a', GLYPH.shield],
  'dir-nextdoor': ['Nextdoor', '#3c8a3c', GLYPH.leaf],
}
