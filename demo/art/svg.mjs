// SVG building blocks: the seeded random generator, colour mixing, shape strings and 3-vector maths.
export const W = 1200
export const H = 800

// ───────────────────────── utilities ─────────────────────────
export function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
export const r1 = (n) => Math.round(n * 10) / 10
const hex2rgb = (h) => {
  let s = h.replace('#', '')
  if (s.length === 3) s = [...s].map((c) => c + c).join('')
  return [0, 2, 4].map((i) => parseInt(s.slice(i, i + 2), 16))
}
const rgb2hex = (rgb) =>
  '#' +
  rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
export const mix = (a, b, t) => {
  const A = hex2rgb(a)
  const B = hex2rgb(b)
  return rgb2hex(A.map((v, i) => v + (B[i] - v) * t))
}
export const dark = (c, t) => mix(c, '#000000', t)
export const light = (c, t) => mix(c, '#ffffff', t)
export const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;')

export const P = (pts) => pts.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ')
const at = (a) => (a ? ' ' + a : '')
export const poly = (pts, fill, a = '') => `<polygon points="${P(pts)}" fill="${fill}"${at(a)}/>`
export const pline = (pts, stroke, w, a = '') =>
  `<polyline points="${P(pts)}" fill="none" stroke="${stroke}" stroke-width="${r1(w)}" stroke-linecap="round" stroke-linejoin="round"${at(a)}/>`
export const rect = (x, y, w, h, fill, a = '') =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}"${at(a)}/>`
export const circ = (cx, cy, r, fill, a = '') =>
  `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(Math.max(r, 0.2))}" fill="${fill}"${at(a)}/>`
export const ell = (cx, cy, rx, ry, fill, a = '') =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(Math.max(rx, 0.2))}" ry="${r1(Math.max(ry, 0.2))}" fill="${fill}"${at(a)}/>`
export const line = (x1, y1, x2, y2, stroke, w, a = '') =>
  `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" stroke="${stroke}" stroke-width="${r1(w)}"${at(a)}/>`
export const pathD = (d, fill, a = '') => `<path d="${d}" fill="${fill}"${at(a)}/>`
export const lerp = (a, b, t) => a + (b - a) * t
export const lerp3 = (a, b, t) => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)]
export const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
export const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
export const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
export const norm = (a) => {
  const l = Math.hypot(...a) || 1
  return a.map((v) => v / l)
}
export const avg = (pts) => pts.reduce((s, p) => [s[0] + p[0] / pts.length, s[1] + p[1] / pts.length, s[2] + p[2] / pts.length], [0, 0, 0])
