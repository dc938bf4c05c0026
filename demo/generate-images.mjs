#!/usr/bin/env node
/**
 * Draws the demo's images as flat SVG illustrations and rasterises them with sharp.
 * Nothing is fetched: every picture is built here from shapes, with a seeded random
 * generator so a run always produces the same files.
 *
 *   node demo/generate-images.mjs          → public/demo/images/*, public/favicon.ico
 *   node demo/generate-images.mjs deck     → only the scenes whose name contains "deck"
 *   DEBUG_PNG=1 node demo/generate-images.mjs → also writes /tmp/demo-<scene>.png previews
 *
 * Scenes use a tiny pinhole camera (metres in, pixels out) so fences, decks, patios
 * and driveways sit in believable perspective on a ground plane.
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT = path.join(root, 'public/demo/images')
const W = 1200
const H = 800
const QUALITY = 72

// ───────────────────────── utilities ─────────────────────────
function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const r1 = (n) => Math.round(n * 10) / 10
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
const mix = (a, b, t) => {
  const A = hex2rgb(a)
  const B = hex2rgb(b)
  return rgb2hex(A.map((v, i) => v + (B[i] - v) * t))
}
const dark = (c, t) => mix(c, '#000000', t)
const light = (c, t) => mix(c, '#ffffff', t)
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;')

const P = (pts) => pts.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ')
const at = (a) => (a ? ' ' + a : '')
const poly = (pts, fill, a = '') => `<polygon points="${P(pts)}" fill="${fill}"${at(a)}/>`
const pline = (pts, stroke, w, a = '') =>
  `<polyline points="${P(pts)}" fill="none" stroke="${stroke}" stroke-width="${r1(w)}" stroke-linecap="round" stroke-linejoin="round"${at(a)}/>`
const rect = (x, y, w, h, fill, a = '') => `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}"${at(a)}/>`
const circ = (cx, cy, r, fill, a = '') => `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(Math.max(r, 0.2))}" fill="${fill}"${at(a)}/>`
const ell = (cx, cy, rx, ry, fill, a = '') =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(Math.max(rx, 0.2))}" ry="${r1(Math.max(ry, 0.2))}" fill="${fill}"${at(a)}/>`
const line = (x1, y1, x2, y2, stroke, w, a = '') =>
  `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" stroke="${stroke}" stroke-width="${r1(w)}"${at(a)}/>`
const pathD = (d, fill, a = '') => `<path d="${d}" fill="${fill}"${at(a)}/>`
const lerp = (a, b, t) => a + (b - a) * t
const lerp3 = (a, b, t) => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)]
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
const norm = (a) => {
  const l = Math.hypot(...a) || 1
  return a.map((v) => v / l)
}
const avg = (pts) => pts.reduce((s, p) => [s[0] + p[0] / pts.length, s[1] + p[1] / pts.length, s[2] + p[2] / pts.length], [0, 0, 0])

class Scene {
  constructor(seed, w = W, h = H) {
    this.w = w
    this.h = h
    this.r = mulberry32(seed)
    this.defs = []
    this.out = []
    this.n = 0
    this.light = norm([-0.5, 0.75, -0.45])
  }
  rand(a = 0, b = 1) {
    return a + (b - a) * this.r()
  }
  pick(arr) {
    return arr[Math.floor(this.r() * arr.length)]
  }
  id(p = 'g') {
    return `${p}${this.n++}`
  }
  add(...s) {
    this.out.push(...s.flat(Infinity).filter(Boolean))
  }
  lin(stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1, units = '') {
    const id = this.id('l')
    const u = units ? ` gradientUnits="${units}"` : ''
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${u}>${stops
        .map(([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${op}"/>`)
        .join('')}</linearGradient>`,
    )
    return `url(#${id})`
  }
  rad(stops, cx = 0.5, cy = 0.5, r = 0.5) {
    const id = this.id('r')
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
        .map(([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${op}"/>`)
        .join('')}</radialGradient>`,
    )
    return `url(#${id})`
  }
  jit(c, amt) {
    return mix(c, this.r() < 0.5 ? '#000000' : '#ffffff', this.r() * amt)
  }
  /** Face colour from its normal and the scene's light: flat-shaded solids. */
  shade(base, n) {
    const k = Math.max(0, dot(norm(n), this.light))
    return k > 0.55 ? light(base, (k - 0.55) * 0.25) : dark(base, (0.55 - k) * 0.42)
  }
  toSVG() {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join(
      '',
    )}</defs>${this.out.join('')}</svg>`
  }
}

// ───────────────────────── camera ─────────────────────────
/** Pinhole camera at (0, ch, 0) looking down +Z; X right, Y up, metres. */
function camera({ f = 1000, ch = 1.6, hz = 420, vx = 600 } = {}) {
  const p = (X, Y, Z) => [vx + (f * X) / Z, hz - (f * (Y - ch)) / Z]
  return { f, ch, hz, vx, p, pos: [0, ch, 0], s: (Z) => f / Z }
}
const proj = (cam, pts) => pts.map((q) => cam.p(q[0], q[1], q[2]))
const poly3 = (cam, pts, fill, a = '') => poly(proj(cam, pts), fill, a)
/** Bilinear point on a 3D quad [p00, p10, p11, p01]. */
const quadAt = (q, u, v) => lerp3(lerp3(q[0], q[1], u), lerp3(q[3], q[2], u), v)
const subQuad = (q, u0, v0, u1, v1) => [quadAt(q, u0, v0), quadAt(q, u1, v0), quadAt(q, u1, v1), quadAt(q, u0, v1)]

/** A convex solid: only the faces turned to the camera are drawn, each shaded by its normal. */
function solid(sc, cam, faces) {
  const C = avg(faces.flatMap((f) => f.pts))
  const visible = {}
  const out = []
  for (const face of faces) {
    const [a, b, c] = face.pts
    let n = cross(sub(b, a), sub(c, a))
    if (dot(n, sub(avg(face.pts), C)) < 0) n = n.map((v) => -v)
    if (dot(n, sub(cam.pos, a)) <= 0) continue
    visible[face.name ?? out.length] = true
    out.push(poly3(cam, face.pts, face.flat ? face.fill : sc.shade(face.fill, n), face.attr ?? ''))
  }
  return { svg: out.join(''), visible }
}
/** Each face of a box as the corners it joins, in drawing order: 0/1 pick the low/high bound on x, y, z. */
const BOX_FACES = {
  front: ['000', '100', '110', '010'],
  back: ['001', '101', '111', '011'],
  left: ['000', '001', '011', '010'],
  right: ['100', '101', '111', '110'],
  top: ['010', '110', '111', '011'],
  bottom: ['000', '100', '101', '001'],
}
function boxFaces(x0, x1, y0, y1, z0, z1, fill, top = fill) {
  const bounds = [
    [x0, x1],
    [y0, y1],
    [z0, z1],
  ]
  return Object.entries(BOX_FACES).map(([name, corners]) => ({
    name,
    fill: name === 'top' ? top : fill,
    pts: corners.map((corner) => [...corner].map((bit, axis) => bounds[axis][Number(bit)])),
  }))
}
const box = (sc, cam, x0, x1, y0, y1, z0, z1, fill, top) => solid(sc, cam, boxFaces(x0, x1, y0, y1, z0, z1, fill, top)).svg

// ───────────────────────── palettes ─────────────────────────
const SKY = {
  day: { top: '#4a8ccf', bot: '#cfe5f3', sun: '#fffbe8', warm: 0 },
  bright: { top: '#3578c0', bot: '#b7daf0', sun: '#ffffff', warm: 0 },
  morning: { top: '#84b3de', bot: '#fae2c2', sun: '#fff3d4', warm: 0.05 },
  golden: { top: '#6a89c2', bot: '#f5c384', sun: '#ffe4a2', warm: 0.12 },
  dusk: { top: '#2f3b69', bot: '#ee9d74', sun: '#ffd9a0', warm: 0.16 },
  soft: { top: '#93afc9', bot: '#e5ebef', sun: '#ffffff', warm: 0 },
}
const GRASS = {
  spring: { far: '#9cc468', near: '#4e8e2f' },
  summer: { far: '#88ae57', near: '#3d7b29' },
  lush: { far: '#7cb65a', near: '#2e7733' },
  dry: { far: '#bcb373', near: '#7d8b40' },
  autumn: { far: '#aaa35f', near: '#66793a' },
  dusk: { far: '#7a8c58', near: '#34522b' },
}
const CEDAR = ['#b8733f', '#c4844c', '#a8652f', '#bd7a45', '#b06c3a']
const WEATHERED = ['#9a948a', '#8b857b', '#a7a196', '#827b71', '#948b7e']
const HOUSES = [
  { wall: '#e9e2d3', roof: '#4a4f57', trim: '#ffffff', door: '#7a2e22' },
  { wall: '#b9c7cf', roof: '#3f4650', trim: '#f7f7f2', door: '#2c4a6b' },
  { wall: '#d8c8a8', roof: '#5b4636', trim: '#fbf7ee', door: '#3c5a3a' },
  { wall: '#8fa39a', roof: '#33393f', trim: '#f2efe6', door: '#b3542d' },
  { wall: '#f1ede4', roof: '#6b3f31', trim: '#ffffff', door: '#1f3b57' },
  { wall: '#c9a88a', roof: '#3b3430', trim: '#f5efe3', door: '#6a3b24' },
  { wall: '#7d8f9f', roof: '#2d3238', trim: '#ffffff', door: '#c99a3a' },
]

// ───────────────────────── backdrop ─────────────────────────
function sky(sc, cam, o) {
  const s = SKY[o.sky]
  sc.add(
    rect(
      0,
      0,
      sc.w,
      cam.hz + 40,
      sc.lin([
        [0, s.top],
        [1, s.bot],
      ]),
    ),
  )
  if (o.sun !== false) {
    const [sx, sy] = o.sunAt ?? [sc.w * sc.rand(0.12, 0.88), cam.hz * sc.rand(0.2, 0.55)]
    sc.add(
      circ(
        sx,
        sy,
        150,
        sc.rad([
          [0, s.sun, 0.75],
          [1, s.sun, 0],
        ]),
      ),
      circ(sx, sy, 34, s.sun, 'opacity="0.95"'),
    )
  }
  const clouds = o.clouds ?? 3
  for (let i = 0; i < clouds; i++) {
    const cx = sc.rand(-50, sc.w + 50)
    const cy = sc.rand(40, cam.hz * 0.5)
    const k = sc.rand(0.6, 1.3)
    const col = o.sky === 'dusk' ? '#f6c2a6' : o.sky === 'golden' ? '#fff0dc' : '#ffffff'
    const parts = []
    for (let j = 0; j < 6; j++) parts.push(ell(cx + (j - 2.5) * 34 * k, cy - Math.sin((j / 5) * Math.PI) * 18 * k, 48 * k, 24 * k, col))
    parts.push(ell(cx, cy + 8 * k, 130 * k, 16 * k, col))
    sc.add(`<g opacity="${r1(sc.rand(0.7, 0.92) * 100) / 100}">${parts.join('')}</g>`)
  }
}

function ridge(sc, y0, amp, step, jag = 0.5) {
  const pts = [[-20, y0 + 40]]
  let x = -20
  let up = true
  while (x < sc.w + 60) {
    const h = up ? sc.rand(amp * 0.55, amp) : sc.rand(amp * 0.15, amp * (0.15 + jag * 0.4))
    pts.push([x, y0 - h])
    x += sc.rand(step * 0.6, step * 1.3)
    up = !up
  }
  pts.push([sc.w + 60, y0 + 40])
  return pts
}

function mountains(sc, cam, o) {
  const s = SKY[o.sky]
  const hz = cam.hz
  const far = mix(s.bot, '#4d6384', 0.42)
  const farPts = ridge(sc, hz, o.mtnAmp ?? 200, 130, 0.6)
  const cid = sc.id('c')
  sc.defs.push(`<clipPath id="${cid}"><polygon points="${P(farPts)}"/></clipPath>`)
  sc.add(poly(farPts, far))
  if (o.snow !== false) {
    const top = Math.min(...farPts.map((p) => p[1]))
    const snowY = top + (o.mtnAmp ?? 200) * 0.32
    const pts = [[-20, top - 10]]
    for (let x = -20; x <= sc.w + 40; x += 40) pts.push([x, snowY + sc.rand(-14, 14)])
    pts.push([sc.w + 40, top - 10])
    sc.add(`<g clip-path="url(#${cid})">${poly(pts, light(s.bot, 0.55), 'opacity="0.9"')}</g>`)
  }
  // shadowed faces: a darker copy offset right reads as sunlit/shaded slopes
  for (let i = 1; i < farPts.length - 2; i += 2) {
    const [px, py] = farPts[i]
    const [nx, ny] = farPts[i + 1]
    sc.add(
      poly(
        [
          [px, py],
          [nx, ny],
          [nx - (nx - px) * 0.35, hz + 5],
        ],
        dark(far, 0.1),
        'opacity="0.55"',
      ),
    )
  }
  if (o.flatirons) {
    const fcol = mix('#8c5a43', s.bot, 0.32)
    const bx = o.flatironsX ?? sc.rand(100, 600)
    for (let i = 0; i < 4; i++) {
      const w = 125 - i * 10
      const h = 128 - i * 20
      const x = bx + i * 92
      const c = sc.jit(fcol, 0.05)
      sc.add(
        poly(
          [
            [x, hz - 6],
            [x + w, hz - 6],
            [x + w * 0.36, hz - 6 - h],
            [x + w * 0.3, hz - 6 - h * 0.96],
          ],
          c,
        ),
        poly(
          [
            [x + w * 0.36, hz - 6 - h],
            [x + w, hz - 6],
            [x + w * 0.66, hz - 6],
          ],
          dark(c, 0.18),
        ),
      )
    }
  }
  const near = mix(far, GRASS[o.grass].far, 0.45)
  sc.add(poly(ridge(sc, hz + 6, (o.mtnAmp ?? 200) * 0.35, 90, 0.8), dark(near, 0.12)))
}

function hills(sc, cam, o) {
  const g = GRASS[o.grass]
  const hz = cam.hz
  let d = `M -20 ${hz + 30} L -20 ${hz - 10}`
  let x = -20
  while (x < sc.w + 20) {
    const nx = x + sc.rand(200, 380)
    d += ` Q ${r1((x + nx) / 2)} ${r1(hz - sc.rand(20, 60))} ${r1(nx)} ${r1(hz - sc.rand(0, 14))}`
    x = nx
  }
  d += ` L ${sc.w + 20} ${hz + 30} Z`
  sc.add(pathD(d, mix(g.far, SKY[o.sky].bot, 0.35)))
}

function treeLine(sc, cam, o) {
  const g = GRASS[o.grass]
  const col = mix(dark(g.near, 0.25), SKY[o.sky].bot, 0.3)
  const hz = cam.hz
  let x = -10
  while (x < sc.w + 20) {
    const h = sc.rand(25, 60)
    if (sc.r() < 0.5)
      sc.add(
        poly(
          [
            [x - h * 0.25, hz + 2],
            [x, hz - h],
            [x + h * 0.25, hz + 2],
          ],
          col,
        ),
      )
    else sc.add(circ(x, hz - h * 0.45, h * 0.45, col))
    x += sc.rand(12, 40)
  }
}

function ground(sc, cam, o) {
  const g = GRASS[o.grass]
  sc.add(
    rect(
      0,
      cam.hz,
      sc.w,
      sc.h - cam.hz,
      sc.lin([
        [0, g.far],
        [1, g.near],
      ]),
    ),
  )
  if (o.stripes !== false) {
    for (let i = -14; i < 14; i += 2) {
      sc.add(
        poly3(
          cam,
          [
            [i * 2, 0, 2],
            [i * 2 + 2, 0, 2],
            [i * 2 + 2, 0, 60],
            [i * 2, 0, 60],
          ],
          '#ffffff',
          'opacity="0.05"',
        ),
      )
    }
  }
}

function backdrop(sc, cam, o) {
  sky(sc, cam, o)
  if (o.mountains !== false) mountains(sc, cam, o)
  hills(sc, cam, o)
  if (o.treeLine !== false) treeLine(sc, cam, o)
  ground(sc, cam, o)
}

function warmOverlay(sc, o) {
  const s = SKY[o.sky]
  if (s.warm)
    sc.add(
      rect(
        0,
        0,
        sc.w,
        sc.h,
        sc.lin(
          [
            [0, '#ff9a3c', s.warm],
            [1, '#ff9a3c', s.warm * 0.3],
          ],
          0,
          0,
          1,
          1,
        ),
      ),
    )
}

// ───────────────────────── vegetation ─────────────────────────
function shadowBlob(sc, cam, X, Z, rx, a = 0.18) {
  const [x, y] = cam.p(X, 0, Z)
  const s = cam.s(Z)
  return ell(x + rx * s * 0.3, y, rx * s, rx * s * 0.22, '#1b2a12', `opacity="${a}"`)
}
function pine(sc, cam, X, Z, h, col = '#2f5d3a', Y = 0) {
  const s = cam.s(Z)
  const [x, y] = cam.p(X, Y, Z)
  const H2 = h * s
  const w = H2 * 0.42
  const out = [Y ? '' : shadowBlob(sc, cam, X, Z, h * 0.25), rect(x - H2 * 0.03, y - H2 * 0.2, H2 * 0.06, H2 * 0.2, '#5b3d2a')]
  for (let i = 0; i < 4; i++) {
    const top = y - H2 + i * H2 * 0.2
    const bot = top + H2 * 0.38
    const ww = w * (0.4 + i * 0.2)
    const c = sc.jit(col, 0.06)
    out.push(
      poly(
        [
          [x, top],
          [x - ww, bot],
          [x + ww, bot],
        ],
        c,
      ),
      poly(
        [
          [x, top],
          [x + ww, bot],
          [x + ww * 0.1, bot],
        ],
        dark(c, 0.22),
      ),
    )
  }
  return out.join('')
}
function leafy(sc, cam, X, Z, h, col = '#4f8a3a', Y = 0) {
  const s = cam.s(Z)
  const [x, y] = cam.p(X, Y, Z)
  const H2 = h * s
  const out = [
    Y ? '' : shadowBlob(sc, cam, X, Z, h * 0.35),
    poly(
      [
        [x - H2 * 0.04, y],
        [x + H2 * 0.04, y],
        [x + H2 * 0.025, y - H2 * 0.55],
        [x - H2 * 0.025, y - H2 * 0.55],
      ],
      '#5e4331',
    ),
  ]
  out.push(
    line(x, y - H2 * 0.45, x - H2 * 0.14, y - H2 * 0.62, '#5e4331', H2 * 0.025),
    line(x, y - H2 * 0.5, x + H2 * 0.16, y - H2 * 0.66, '#5e4331', H2 * 0.022),
  )
  const cy = y - H2 * 0.66
  const R = H2 * 0.3
  const blobs = []
  for (let i = 0; i < 7; i++) blobs.push([x + sc.rand(-1, 1) * R * 0.75, cy + sc.rand(-1, 0.7) * R * 0.6, R * sc.rand(0.45, 0.7)])
  for (const [bx, by, br] of blobs) out.push(circ(bx, by, br, dark(col, 0.18)))
  for (const [bx, by, br] of blobs) out.push(circ(bx - br * 0.15, by - br * 0.18, br * 0.82, col))
  for (const [bx, by, br] of blobs.slice(0, 4)) out.push(circ(bx - br * 0.35, by - br * 0.4, br * 0.35, light(col, 0.18), 'opacity="0.8"'))
  return out.join('')
}
function bush(sc, cam, X, Z, w, col = '#3f7d35', flowers, Y = 0) {
  const s = cam.s(Z)
  const [x, y] = cam.p(X, Y, Z)
  const R = (w * s) / 2
  const out = [ell(x, y, R * 1.1, R * 0.22, '#1b2a12', 'opacity="0.22"')]
  const blobs = []
  for (let i = 0; i < 5; i++) blobs.push([x + sc.rand(-0.6, 0.6) * R, y - R * sc.rand(0.35, 0.8), R * sc.rand(0.45, 0.65)])
  for (const [bx, by, br] of blobs) out.push(circ(bx, by, br, dark(col, 0.15)))
  for (const [bx, by, br] of blobs) out.push(circ(bx - br * 0.12, by - br * 0.15, br * 0.8, col))
  if (flowers)
    for (let i = 0; i < 9; i++)
      out.push(circ(x + sc.rand(-0.8, 0.8) * R, y - R * sc.rand(0.3, 1.1), Math.max(1.5, R * 0.09), sc.pick(flowers)))
  return out.join('')
}
function tufts(sc, cam, X0, Z0, X1, Z1, col, n = 40) {
  const out = []
  for (let i = 0; i < n; i++) {
    const t = sc.r()
    const X = lerp(X0, X1, t) + sc.rand(-0.1, 0.1)
    const Z = lerp(Z0, Z1, t) - sc.rand(0, 0.15)
    const [x, y] = cam.p(X, 0, Z)
    const s = cam.s(Z) * 0.12
    out.push(
      poly(
        [
          [x - s * 0.5, y + 1],
          [x - s * 0.2, y - s * sc.rand(0.8, 1.6)],
          [x, y + 1],
          [x + s * 0.3, y - s * sc.rand(0.8, 1.4)],
          [x + s * 0.6, y + 1],
        ],
        sc.jit(col, 0.12),
      ),
    )
  }
  return out.join('')
}
function flowerBed(sc, cam, X0, X1, Z0, Z1, colors, mulch = '#5a4030') {
  const out = [
    poly3(
      cam,
      [
        [X0, 0, Z0],
        [X1, 0, Z0],
        [X1, 0, Z1],
        [X0, 0, Z1],
      ],
      mulch,
    ),
  ]
  const n = Math.round((X1 - X0) * 2.2)
  for (let i = 0; i < n; i++) {
    const X = lerp(X0, X1, (i + 0.5) / n)
    out.push(bush(sc, cam, X, lerp(Z0, Z1, sc.rand(0.3, 0.7)), sc.rand(0.45, 0.7), sc.pick(['#3f7d35', '#4d8a3c', '#356b30']), colors))
  }
  return out.join('')
}

// ───────────────────────── houses ─────────────────────────
function glass(sc) {
  sc._glass ??= sc.lin([
    [0, '#cfe3ef'],
    [0.55, '#7fa3bd'],
    [1, '#4a6a84'],
  ])
  return sc._glass
}
function windowQ(sc, cam, q, pal, o = {}) {
  const out = []
  if (o.shutters) {
    const w = Math.hypot(...sub(q[1], q[0]))
    const u = 0.38 / w
    out.push(poly3(cam, subQuad(q, -u - 0.04, 0, -0.04, 1), o.shutters), poly3(cam, subQuad(q, 1.04, 0, 1.04 + u, 1), o.shutters))
  }
  out.push(poly3(cam, q, pal.trim))
  const g = subQuad(q, 0.09, 0.08, 0.91, 0.92)
  out.push(poly3(cam, g, glass(sc)))
  out.push(poly3(cam, [quadAt(g, 0.05, 0.95), quadAt(g, 0.45, 0.95), quadAt(g, 0.05, 0.45)], '#ffffff', 'opacity="0.22"'))
  if (o.curtain) out.push(poly3(cam, subQuad(g, 0, 0.55, 0.2, 1), o.curtain, 'opacity="0.85"'))
  const [a, b] = [quadAt(g, 0.5, 0), quadAt(g, 0.5, 1)]
  const [c, d] = [quadAt(g, 0, 0.5), quadAt(g, 1, 0.5)]
  const lw = Math.max(1.2, cam.s(q[0][2]) * 0.04)
  out.push(line(...cam.p(...a), ...cam.p(...b), pal.trim, lw), line(...cam.p(...c), ...cam.p(...d), pal.trim, lw))
  out.push(poly3(cam, subQuad(q, -0.06, -0.08, 1.06, 0), dark(pal.trim, 0.08)))
  return out.join('')
}
/** A wall as origin + horizontal unit vector; q(u0,v0,u1,v1) gives a quad on it, nudged out. */
function wallOf(o, u, out) {
  return (u0, v0, u1, v1) => {
    const pt = (uu, vv) => [o[0] + u[0] * uu + out[0] * 0.03, vv, o[2] + u[2] * uu + out[2] * 0.03]
    return [pt(u0, v0), pt(u1, v0), pt(u1, v1), pt(u0, v1)]
  }
}
function siding(cam, wq, len, h, col, step = 0.3) {
  const out = []
  for (let v = step; v < h; v += step) {
    const q = wq(0, v, len, v)
    out.push(line(...cam.p(...q[0]), ...cam.p(...q[1]), col, 1, 'opacity="0.35"'))
  }
  return out.join('')
}
function doorQ(sc, cam, q, pal) {
  const out = [poly3(cam, subQuad(q, -0.12, 0, 1.12, 1.06), pal.trim), poly3(cam, q, pal.door)]
  out.push(
    poly3(cam, subQuad(q, 0.18, 0.55, 0.82, 0.88), dark(pal.door, 0.15)),
    poly3(cam, subQuad(q, 0.18, 0.1, 0.82, 0.45), dark(pal.door, 0.15)),
  )
  out.push(poly3(cam, subQuad(q, 0.25, 0.64, 0.75, 0.82), glass(sc)))
  const k = cam.p(...quadAt(q, 0.85, 0.48))
  out.push(circ(k[0], k[1], Math.max(1.5, cam.s(q[0][2]) * 0.04), '#d9b45a'))
  return out.join('')
}
function garageQ(sc, cam, q, col = '#f4f1ea') {
  const out = [poly3(cam, subQuad(q, -0.03, 0, 1.03, 1.04), dark(col, 0.1)), poly3(cam, q, col)]
  for (let i = 1; i < 4; i++) {
    const a = quadAt(q, 0, i / 4)
    const b = quadAt(q, 1, i / 4)
    out.push(line(...cam.p(...a), ...cam.p(...b), dark(col, 0.25), Math.max(1, cam.s(q[0][2]) * 0.03)))
  }
  for (let i = 0; i < 4; i++) out.push(poly3(cam, subQuad(q, 0.06 + i * 0.235, 0.8, 0.24 + i * 0.235, 0.92), glass(sc)))
  return out.join('')
}

/**
 * A house as a convex solid (walls + roof planes), with windows, door and optional garage
 * on the visible walls. style 'gable' puts the gable to the front, 'hip' a hipped roof.
 */
function house(sc, cam, o) {
  const { x0, x1, z0, depth = 9, h = 3, roofH = 2.2, style = 'gable', pal } = o
  const fl = o.floor ?? 0
  const z1 = z0 + depth
  const ov = 0.45
  const xm = (x0 + x1) / 2
  const faces = []
  const W = x1 - x0
  if (style === 'gable') {
    const slope = roofH / (W / 2)
    faces.push(
      {
        name: 'front',
        fill: pal.wall,
        pts: [
          [x0, 0, z0],
          [x1, 0, z0],
          [x1, h, z0],
          [xm, h + roofH, z0],
          [x0, h, z0],
        ],
      },
      {
        name: 'back',
        fill: pal.wall,
        pts: [
          [x0, 0, z1],
          [x1, 0, z1],
          [x1, h, z1],
          [xm, h + roofH, z1],
          [x0, h, z1],
        ],
      },
      {
        name: 'left',
        fill: pal.wall,
        pts: [
          [x0, 0, z0],
          [x0, 0, z1],
          [x0, h, z1],
          [x0, h, z0],
        ],
      },
      {
        name: 'right',
        fill: pal.wall,
        pts: [
          [x1, 0, z0],
          [x1, 0, z1],
          [x1, h, z1],
          [x1, h, z0],
        ],
      },
      {
        name: 'roofL',
        fill: pal.roof,
        pts: [
          [x0 - ov, h - ov * slope, z0 - ov],
          [x0 - ov, h - ov * slope, z1 + ov],
          [xm, h + roofH, z1 + ov],
          [xm, h + roofH, z0 - ov],
        ],
      },
      {
        name: 'roofR',
        fill: pal.roof,
        pts: [
          [x1 + ov, h - ov * slope, z0 - ov],
          [x1 + ov, h - ov * slope, z1 + ov],
          [xm, h + roofH, z1 + ov],
          [xm, h + roofH, z0 - ov],
        ],
      },
    )
  } else {
    const zm = (z0 + z1) / 2
    const hr = Math.min(depth / 2, W / 2) * 0.85
    const e = ov * (roofH / (depth / 2))
    faces.push(
      ...boxFaces(x0, x1, 0, h, z0, z1, pal.wall).filter((f) => f.name !== 'top' && f.name !== 'bottom'),
      {
        name: 'roofF',
        fill: pal.roof,
        pts: [
          [x0 - ov, h - e, z0 - ov],
          [x1 + ov, h - e, z0 - ov],
          [x1 - hr, h + roofH, zm],
          [x0 + hr, h + roofH, zm],
        ],
      },
      {
        name: 'roofB',
        fill: pal.roof,
        pts: [
          [x0 - ov, h - e, z1 + ov],
          [x1 + ov, h - e, z1 + ov],
          [x1 - hr, h + roofH, zm],
          [x0 + hr, h + roofH, zm],
        ],
      },
      {
        name: 'roofL',
        fill: pal.roof,
        pts: [
          [x0 - ov, h - e, z0 - ov],
          [x0 + hr, h + roofH, zm],
          [x0 - ov, h - e, z1 + ov],
        ],
      },
      {
        name: 'roofR',
        fill: pal.roof,
        pts: [
          [x1 + ov, h - e, z0 - ov],
          [x1 - hr, h + roofH, zm],
          [x1 + ov, h - e, z1 + ov],
        ],
      },
    )
  }
  const walls = faces.filter((f) => !f.name.startsWith('roof'))
  const roofs = faces.filter((f) => f.name.startsWith('roof'))
  const ws = solid(sc, cam, walls)
  const out = [shadowGround(sc, cam, x0, x1, z0, z1, h + roofH * 0.5), ws.svg]
  const sideCol = dark(pal.wall, 0.3)
  // wall dressing
  const front = wallOf([x0, 0, z0], [1, 0, 0], [0, 0, -1])
  out.push(siding(cam, front, W, h, dark(pal.wall, 0.25)))
  if (ws.visible.left) out.push(siding(cam, wallOf([x0, 0, z0], [0, 0, 1], [-1, 0, 0]), depth, h, sideCol))
  if (ws.visible.right) out.push(siding(cam, wallOf([x1, 0, z0], [0, 0, 1], [1, 0, 0]), depth, h, sideCol))
  if (fl) out.push(poly3(cam, front(0, 0, W, fl), dark(pal.wall, 0.35)))
  const stories = h - fl > 4.6 ? 2 : 1
  const garage = o.garage // {u0, u1} along the front
  const doorU = o.doorU ?? (garage ? (garage.u0 > W / 2 ? 1.2 : W - 2.2) : W / 2 - 0.5)
  const slots = []
  for (let u = 0.8; u + 1.2 < W - 0.5; u += 2.1) slots.push(u)
  for (let st = 0; st < stories; st++) {
    const v0 = fl + 0.95 + st * 2.7
    for (const u of slots) {
      if (st === 0 && (Math.abs(u + 0.6 - (doorU + 0.5)) < 1.3 || (garage && u + 1.4 > garage.u0 - 0.2 && u < garage.u1 + 0.2))) continue
      out.push(windowQ(sc, cam, front(u, v0, u + 1.2, v0 + 1.3), pal, { shutters: o.shutters, curtain: o.curtain }))
    }
  }
  if (style === 'gable' && roofH > 1.6) out.push(windowQ(sc, cam, front(W / 2 - 0.45, h + 0.3, W / 2 + 0.45, h + 1.2), pal))
  if (o.door !== false) {
    out.push(doorQ(sc, cam, front(doorU, fl + 0.15, doorU + 1, fl + 2.25), pal))
    if (!fl) out.push(box(sc, cam, x0 + doorU - 0.4, x0 + doorU + 1.4, 0, 0.16, z0 - 0.6, z0, '#b8b2a7'))
  }
  if (garage) out.push(garageQ(sc, cam, front(garage.u0, 0, garage.u1, 2.3), o.garageCol))
  const sideWin = (wq) => {
    for (let u = 1.5; u + 1.2 < depth - 0.8; u += 3) out.push(windowQ(sc, cam, wq(u, fl + 0.95, u + 1.2, fl + 2.25), pal))
    if (stories > 1) for (let u = 1.5; u + 1.2 < depth - 0.8; u += 3) out.push(windowQ(sc, cam, wq(u, 3.65, u + 1.2, 4.95), pal))
  }
  if (ws.visible.left) sideWin(wallOf([x0, 0, z0], [0, 0, 1], [-1, 0, 0]))
  if (ws.visible.right) sideWin(wallOf([x1, 0, z0], [0, 0, 1], [1, 0, 0]))
  if (o.chimney)
    out.push(
      box(
        sc,
        cam,
        o.chimney - 0.4,
        o.chimney + 0.4,
        h,
        h + roofH + 0.9,
        z0 + depth * 0.6,
        z0 + depth * 0.6 + 0.8,
        o.chimneyCol ?? '#8d5a45',
      ),
    )
  // roof planes with shingle courses and a dark fascia along the eaves
  const rs = solid(sc, cam, roofs)
  out.push(rs.svg)
  for (const f of roofs) {
    if (!rs.visible[f.name]) continue
    const pt = f.pts
    const lines = []
    for (let t = 0.12; t < 1; t += 0.12) {
      if (pt.length === 3) lines.push([lerp3(pt[0], pt[1], t), lerp3(pt[2], pt[1], t)])
      else lines.push([lerp3(pt[0], pt[3], t), lerp3(pt[1], pt[2], t)])
    }
    for (const [a, b] of lines) out.push(line(...cam.p(...a), ...cam.p(...b), dark(pal.roof, 0.35), 1, 'opacity="0.45"'))
  }
  const fw = Math.max(2, cam.s(z0) * 0.14)
  if (style === 'gable') {
    const slope = roofH / (W / 2)
    out.push(
      pline(
        proj(cam, [
          [x0 - ov, h - ov * slope, z0 - ov],
          [xm, h + roofH, z0 - ov],
          [x1 + ov, h - ov * slope, z0 - ov],
        ]),
        pal.trim,
        fw,
      ),
    )
  } else {
    const e = ov * (roofH / (depth / 2))
    out.push(
      pline(
        proj(cam, [
          [x0 - ov, h - e, z0 - ov],
          [x1 + ov, h - e, z0 - ov],
        ]),
        pal.trim,
        fw,
      ),
    )
  }
  return out.join('')
}
function shadowGround(sc, cam, x0, x1, z0, z1, h) {
  const [sx, sz] = sc.sunV ?? [0.45, 0.3]
  const pts = [
    [x0, 0, z0],
    [x1, 0, z0],
    [x1 + h * sx, 0, z0 + h * sz],
    [x1 + h * sx, 0, z1 + h * sz],
    [x0 + h * sx, 0, z1 + h * sz],
    [x0, 0, z1],
  ]
  return poly3(
    cam,
    pts.map((p) => [p[0], p[1], Math.max(p[2], 0.5)]),
    '#142010',
    'opacity="0.16"',
  )
}

// ───────────────────────── fences ─────────────────────────
/**
 * A straight fence run from a=[X,Z] to b=[X,Z]. Types: privacy (cedar dog-ear boards),
 * picket, vinyl (privacy panels, optional lattice), chain, iron, horizontal (slats).
 * `old` weathers it: grey boards, gaps, leaning and broken pieces.
 */
function fence(sc, cam, o) {
  const { a, b, type, h = 1.8, old = false } = o
  const L = Math.hypot(b[0] - a[0], b[1] - a[1])
  const dir = [(b[0] - a[0]) / L, 0, (b[1] - a[1]) / L]
  // the side of the run the camera is on (boards face it)
  let nrm = [-dir[2], 0, dir[0]]
  const mid = [(a[0] + b[0]) / 2, 0, (a[1] + b[1]) / 2]
  if (dot(nrm, sub(cam.pos, mid)) < 0) nrm = nrm.map((v) => -v)
  const P3 = (d, y, off = 0) => [a[0] + dir[0] * d + nrm[0] * off, y, a[1] + dir[2] * d + nrm[2] * off]
  const q = (d0, d1, y0, y1, off = 0) => [P3(d0, y0, off), P3(d1, y0, off), P3(d1, y1, off), P3(d0, y1, off)]
  const skip = (d0, d1) => (o.skip ?? []).some(([s0, s1]) => d1 > s0 && d0 < s1)
  const out = []
  const spacing = o.spacing ?? 2.4
  const posts = []
  for (let d = 0; d <= L + 0.01; d += spacing) posts.push(Math.min(d, L))
  // cast shadow
  const [sx, sz] = sc.sunV ?? [0.45, 0.3]
  const sh = h * (type === 'chain' || type === 'iron' ? 0.6 : 1)
  const sOp = type === 'chain' || type === 'iron' ? 0.08 : 0.2
  const wear = o.wear ?? 1
  if (o.shadow !== false)
    out.push(
      poly3(
        cam,
        [
          P3(0, 0),
          P3(L, 0),
          [P3(L, 0)[0] + sh * sx, 0, Math.max(0.5, P3(L, 0)[2] + sh * sz)],
          [P3(0, 0)[0] + sh * sx, 0, Math.max(0.5, P3(0, 0)[2] + sh * sz)],
        ],
        '#15200f',
        `opacity="${sOp}"`,
      ),
    )
  const rdCol = o.color ?? (type === 'iron' ? '#1f2225' : type === 'vinyl' || type === 'picket' ? '#f6f4ee' : CEDAR[0])
  const palette = old ? WEATHERED : (o.palette ?? (type === 'privacy' || type === 'horizontal' ? CEDAR : [rdCol]))
  const faceShade = (c) => sc.shade(c, nrm)

  if (type === 'privacy') {
    if (o.posts !== false)
      for (const d of posts)
        out.push(box(sc, cam, ...postBox(P3(d, 0, -0.08), 0.1), h - 0.4, h + 0.14, ...postZ(P3(d, 0, -0.08), 0.1), dark(palette[0], 0.12)))
    const bw = 0.14
    for (let d = 0; d + bw <= L + 0.001; d += bw + 0.008) {
      if (skip(d, d + bw)) continue
      if (old && sc.r() < 0.07 * wear) continue
      let c = faceShade(sc.jit(sc.pick(palette), 0.08))
      const lean = old && sc.r() < 0.1 * wear ? sc.rand(-0.18, 0.18) : 0
      const topY = old && sc.r() < 0.08 * wear ? h * sc.rand(0.45, 0.8) : h
      const A0 = P3(d, 0)
      const B0 = P3(d + bw, 0)
      const e = 0.045
      const pts = [A0, B0, P3(d + bw + lean, topY - e), P3(d + bw - 0.035 + lean, topY), P3(d + 0.035 + lean, topY), P3(d + lean, topY - e)]
      out.push(poly3(cam, pts, c))
      const g = d + sc.rand(0.03, 0.11)
      out.push(line(...cam.p(...P3(g, 0.05)), ...cam.p(...P3(g + lean * 0.9, topY - 0.08)), dark(c, 0.25), 1, 'opacity="0.5"'))
      out.push(line(...cam.p(...P3(d + 0.004, 0)), ...cam.p(...P3(d + 0.004 + lean, topY - e)), light(c, 0.2), 1, 'opacity="0.6"'))
    }
    // kick board and a top trim
    for (let i = 0; i < posts.length - 1; i++) {
      const [d0, d1] = [posts[i], posts[i + 1]]
      if (skip(d0 + 0.01, d1 - 0.01)) continue
      if (!(old && sc.r() < 0.3)) out.push(poly3(cam, q(d0, d1, 0, 0.16, 0.025), faceShade(dark(old ? WEATHERED[1] : palette[2], 0.12))))
      if (o.trim !== false && !old) out.push(poly3(cam, q(d0, d1, h - 0.2, h - 0.12, 0.02), faceShade(dark(palette[0], 0.05))))
    }
    if (old) out.push(poly3(cam, q(0, L, 0, 0.35, 0.03), '#3b4a2a', 'opacity="0.35"'))
  } else if (type === 'picket') {
    const col = old ? WEATHERED[2] : rdCol
    for (let i = 0; i < posts.length - 1; i++) {
      const [d0, d1] = [posts[i], posts[i + 1]]
      if (skip(d0 + 0.01, d1 - 0.01)) continue
      for (const y of [h * 0.22, h * 0.72]) out.push(poly3(cam, q(d0, d1, y, y + 0.09, -0.03), faceShade(dark(col, 0.22))))
    }
    for (let d = 0.05; d + 0.09 <= L; d += 0.16) {
      if (skip(d, d + 0.09)) continue
      if (old && sc.r() < 0.08) continue
      const c = faceShade(sc.jit(col, 0.05))
      const lean = old && sc.r() < 0.12 ? sc.rand(-0.12, 0.12) : 0
      out.push(
        poly3(
          cam,
          [P3(d, 0.04), P3(d + 0.09, 0.04), P3(d + 0.09 + lean, h - 0.06), P3(d + 0.045 + lean, h + 0.02), P3(d + lean, h - 0.06)],
          c,
        ),
      )
      out.push(
        poly3(cam, [P3(d + 0.06, 0.04), P3(d + 0.09, 0.04), P3(d + 0.09 + lean, h - 0.06), P3(d + 0.06 + lean, h - 0.03)], dark(c, 0.1)),
      )
    }
    for (const d of posts) {
      if (skip(d - 0.05, d + 0.05) && !(o.skip ?? []).some(([s0, s1]) => Math.abs(d - s0) < 0.01 || Math.abs(d - s1) < 0.01)) continue
      const p = P3(d, 0, 0.02)
      out.push(box(sc, cam, ...postBox(p, 0.11), 0, h + 0.08, ...postZ(p, 0.11), col))
      out.push(box(sc, cam, ...postBox(p, 0.15), h + 0.08, h + 0.13, ...postZ(p, 0.15), light(col, 0.05)))
    }
  } else if (type === 'vinyl') {
    const col = rdCol
    for (let i = 0; i < posts.length - 1; i++) {
      const [d0, d1] = [posts[i], posts[i + 1]]
      if (skip(d0 + 0.01, d1 - 0.01)) continue
      const top = o.lattice ? h - 0.35 : h
      out.push(poly3(cam, q(d0, d1, 0.05, top, 0), faceShade(col)))
      for (let d = d0 + 0.15; d < d1 - 0.05; d += 0.15)
        out.push(line(...cam.p(...P3(d, 0.1)), ...cam.p(...P3(d, top - 0.08)), dark(col, 0.16), 1))
      out.push(
        poly3(cam, q(d0, d1, top - 0.1, top, 0.02), faceShade(light(col, 0.02))),
        poly3(cam, q(d0, d1, 0.05, 0.17, 0.02), faceShade(dark(col, 0.05))),
      )
      if (o.lattice) {
        const lc = faceShade(dark(col, 0.04))
        const y0 = top + 0.02
        const y1 = h - 0.08
        const st = 0.12
        for (let d = d0 - (y1 - y0); d < d1; d += st) {
          const segs = [
            [d, y0, d + (y1 - y0), y1],
            [d + (y1 - y0), y0, d, y1],
          ]
          for (const [da, ya, db, yb] of segs) {
            const c0 = clipSeg(da, ya, db, yb, d0, d1)
            if (c0)
              out.push(line(...cam.p(...P3(c0[0], c0[1])), ...cam.p(...P3(c0[2], c0[3])), lc, Math.max(1, cam.s(P3(d, 0)[2]) * 0.025)))
          }
        }
        out.push(poly3(cam, q(d0, d1, h - 0.1, h, 0.02), faceShade(light(col, 0.03))))
      }
    }
    for (const d of posts) {
      const p = P3(d, 0, 0.03)
      out.push(box(sc, cam, ...postBox(p, 0.13), 0, h + 0.06, ...postZ(p, 0.13), col))
      out.push(box(sc, cam, ...postBox(p, 0.17), h + 0.06, h + 0.11, ...postZ(p, 0.17), col))
      out.push(solid(sc, cam, pyramid(p, 0.17, h + 0.11, 0.07, col)).svg)
    }
  } else if (type === 'chain') {
    const col = o.color ?? '#9aa3a8'
    const mc = o.mesh ?? dark(col, 0.1)
    const y1 = h - 0.04
    for (let d = -y1; d < L; d += 0.11) {
      for (const [da, ya, db, yb] of [
        [d, 0.03, d + y1, y1],
        [d + y1, 0.03, d, y1],
      ]) {
        const c0 = clipSeg(da, ya, db, yb, 0, L)
        if (!c0 || skip(Math.min(c0[0], c0[2]), Math.max(c0[0], c0[2]))) continue
        out.push(line(...cam.p(...P3(c0[0], c0[1])), ...cam.p(...P3(c0[2], c0[3])), mc, 1, 'opacity="0.75"'))
      }
    }
    out.push(pline(proj(cam, [P3(0, h), P3(L, h)]), light(col, 0.1), Math.max(2, cam.s(Math.min(a[1], b[1])) * 0.045)))
    out.push(pline(proj(cam, [P3(0, 0.05), P3(L, 0.05)]), dark(col, 0.2), 1.5))
    for (const d of posts) {
      const p = P3(d, 0, 0.02)
      out.push(box(sc, cam, ...postBox(p, 0.07), 0, h + 0.06, ...postZ(p, 0.07), col))
      const [cx, cy] = cam.p(p[0], h + 0.07, p[2])
      out.push(circ(cx, cy, cam.s(p[2]) * 0.05, light(col, 0.15)))
    }
  } else if (type === 'iron') {
    const col = o.color ?? '#1f2225'
    for (const y of [0.12, h - 0.14]) out.push(poly3(cam, q(0, L, y, y + 0.05, 0), col))
    for (let d = 0.06; d < L - 0.02; d += 0.12) {
      if (skip(d, d + 0.025)) continue
      out.push(poly3(cam, q(d, d + 0.022, 0.02, h, 0), col))
      out.push(poly3(cam, [P3(d - 0.018, h), P3(d + 0.04, h), P3(d + 0.011, h + 0.09)], col))
    }
    if (o.rings !== false) {
      for (let d = 0.12; d < L - 0.1; d += 0.12) {
        if (skip(d, d + 0.1)) continue
        const [cx, cy] = cam.p(...P3(d + 0.01, h - 0.25))
        const rr = cam.s(P3(d, 0)[2]) * 0.04
        out.push(
          `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rr)}" fill="none" stroke="${col}" stroke-width="${r1(Math.max(1, rr * 0.3))}"/>`,
        )
      }
    }
    for (const d of posts) {
      const p = P3(d, 0, 0.02)
      out.push(box(sc, cam, ...postBox(p, 0.08), 0, h + 0.1, ...postZ(p, 0.08), col))
      const [cx, cy] = cam.p(p[0], h + 0.15, p[2])
      out.push(
        circ(cx, cy, cam.s(p[2]) * 0.055, col),
        circ(cx - cam.s(p[2]) * 0.015, cy - cam.s(p[2]) * 0.02, cam.s(p[2]) * 0.015, '#6b7075'),
      )
    }
  } else if (type === 'horizontal') {
    const postCol = o.postColor ?? '#2a2c2e'
    for (const d of posts) out.push(box(sc, cam, ...postBox(P3(d, 0, -0.05), 0.1), 0, h + 0.02, ...postZ(P3(d, 0, -0.05), 0.1), postCol))
    const sh2 = 0.14
    for (let y = 0.05; y + sh2 <= h + 0.001; y += sh2 + 0.018) {
      const c = faceShade(sc.jit(sc.pick(palette), 0.1))
      for (let i = 0; i < posts.length - 1; i++) {
        const [d0, d1] = [posts[i], posts[i + 1]]
        if (skip(d0 + 0.01, d1 - 0.01)) continue
        out.push(poly3(cam, q(d0, d1, y, y + sh2, 0.02), c))
        out.push(
          line(...cam.p(...P3(d0, y + sh2 - 0.01, 0.02)), ...cam.p(...P3(d1, y + sh2 - 0.01, 0.02)), light(c, 0.18), 1, 'opacity="0.7"'),
        )
      }
    }
    for (const d of posts) out.push(poly3(cam, q(d - 0.025, d + 0.025, 0.05, h, 0.03), postCol))
  }
  if (o.tufts !== false)
    out.push(
      tufts(
        sc,
        cam,
        a[0] + nrm[0] * 0.05,
        a[1] + nrm[2] * 0.05,
        b[0] + nrm[0] * 0.05,
        b[1] + nrm[2] * 0.05,
        o.tuftCol ?? '#4a7f2c',
        Math.round(L * (old ? 9 : 4)),
      ),
    )
  return out.join('')
}
const postBox = (p, w) => [p[0] - w / 2, p[0] + w / 2]
const postZ = (p, w) => [p[2] - w / 2, p[2] + w / 2]
function pyramid(p, w, y, hh, fill) {
  const [x0, x1, z0, z1] = [p[0] - w / 2, p[0] + w / 2, p[2] - w / 2, p[2] + w / 2]
  const apex = [p[0], y + hh, p[2]]
  return [
    { fill, pts: [[x0, y, z0], [x1, y, z0], apex] },
    { fill, pts: [[x1, y, z0], [x1, y, z1], apex] },
    { fill, pts: [[x1, y, z1], [x0, y, z1], apex] },
    { fill, pts: [[x0, y, z1], [x0, y, z0], apex] },
    {
      fill,
      pts: [
        [x0, y, z0],
        [x1, y, z0],
        [x1, y, z1],
        [x0, y, z1],
      ],
    },
  ]
}
/** Clips a 2D segment (d along the run, y up) to d in [lo, hi]. */
function clipSeg(da, ya, db, yb, lo, hi) {
  let [a0, a1, b0, b1] = [da, ya, db, yb]
  const at2 = (d) => a1 + ((b1 - a1) * (d - a0)) / (b0 - a0)
  if (Math.max(a0, b0) < lo || Math.min(a0, b0) > hi) return null
  if (a0 < lo) [a0, a1] = [lo, at2(lo)]
  if (a0 > hi) [a0, a1] = [hi, at2(hi)]
  if (b0 < lo) [b0, b1] = [lo, a1 + ((b1 - a1) * (lo - a0)) / (b0 - a0)]
  if (b0 > hi) [b0, b1] = [hi, a1 + ((b1 - a1) * (hi - a0)) / (b0 - a0)]
  return [a0, a1, b0, b1]
}

// ───────────────────────── hardscape & structures ─────────────────────────
/** Rectangular pavers in running bond, with a darker soldier border. */
function pavers(sc, cam, o) {
  const { x0, x1, z0, z1, pw = 0.6, pd = 0.3, colors = ['#b9a58c', '#a8917a', '#c7b59c', '#9c8670'], border = '#6f5e4e' } = o
  const out = [
    poly3(
      cam,
      [
        [x0 - 0.15, 0, z0 - 0.15],
        [x1 + 0.15, 0, z0 - 0.15],
        [x1 + 0.15, 0, z1],
        [x0 - 0.15, 0, z1],
      ],
      border,
    ),
  ]
  out.push(
    poly3(
      cam,
      [
        [x0, 0, z0],
        [x1, 0, z0],
        [x1, 0, z1],
        [x0, 0, z1],
      ],
      dark(colors[0], 0.35),
    ),
  )
  let row = 0
  for (let z = z0; z < z1 - 0.01; z += pd, row++) {
    const off = row % 2 ? pw / 2 : 0
    for (let x = x0 - off; x < x1; x += pw) {
      const a = Math.max(x, x0) + 0.02
      const b = Math.min(x + pw, x1) - 0.02
      if (b <= a) continue
      out.push(
        poly3(
          cam,
          [
            [a, 0, z + 0.02],
            [b, 0, z + 0.02],
            [b, 0, Math.min(z + pd, z1) - 0.02],
            [a, 0, Math.min(z + pd, z1) - 0.02],
          ],
          sc.jit(sc.pick(colors), 0.06),
        ),
      )
    }
  }
  return out.join('')
}
/** Irregular flagstones: a jittered grid with each cell shrunk toward its centre. */
function flagstone(sc, cam, o) {
  const { x0, x1, z0, z1, cell = 0.75, colors = ['#b67b5a', '#c99a72', '#a8725a', '#d2b08a', '#9b6b52'], grout = '#6a5a48' } = o
  const nx = Math.ceil((x1 - x0) / cell)
  const nz = Math.ceil((z1 - z0) / cell)
  const g = []
  for (let i = 0; i <= nx; i++) {
    g[i] = []
    for (let j = 0; j <= nz; j++) {
      const edge = i === 0 || j === 0 || i === nx || j === nz
      g[i][j] = [
        x0 + ((x1 - x0) * i) / nx + (edge ? 0 : sc.rand(-0.22, 0.22) * cell),
        z0 + ((z1 - z0) * j) / nz + (edge ? 0 : sc.rand(-0.22, 0.22) * cell),
      ]
    }
  }
  const out = [
    poly3(
      cam,
      [
        [x0, 0, z0],
        [x1, 0, z0],
        [x1, 0, z1],
        [x0, 0, z1],
      ],
      grout,
    ),
  ]
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < nz; j++) {
      const c = [g[i][j], g[i + 1][j], g[i + 1][j + 1], g[i][j + 1]]
      const m = [avg(c.map((p) => [p[0], 0, p[1]]))[0], avg(c.map((p) => [p[0], 0, p[1]]))[2]]
      out.push(
        poly3(
          cam,
          c.map((p) => [lerp(p[0], m[0], 0.07), 0, lerp(p[1], m[1], 0.07)]),
          sc.jit(sc.pick(colors), 0.08),
        ),
      )
    }
  return out.join('')
}
/** Concrete slabs with control joints; `old` adds cracks, stains and weeds in the joints. */
function concrete(sc, cam, o) {
  const { x0, x1, z0, z1, slab = 3, col = '#c9c6bf', old = false, stamped = false } = o
  const out = [
    poly3(
      cam,
      [
        [x0, 0, z0],
        [x1, 0, z0],
        [x1, 0, z1],
        [x0, 0, z1],
      ],
      col,
    ),
  ]
  const nx = Math.max(1, Math.round((x1 - x0) / slab))
  for (let z = z0; z < z1; z += slab)
    for (let i = 0; i < nx; i++) {
      const a = x0 + ((x1 - x0) * i) / nx
      const b = x0 + ((x1 - x0) * (i + 1)) / nx
      out.push(
        poly3(
          cam,
          [
            [a, 0, z],
            [b, 0, z],
            [b, 0, Math.min(z + slab, z1)],
            [a, 0, Math.min(z + slab, z1)],
          ],
          sc.jit(col, old ? 0.12 : 0.04),
        ),
      )
    }
  if (stamped) {
    for (let z = z0; z < z1; z += 0.6)
      for (let x = x0 + ((z / 0.6) % 2) * 0.3; x < x1 - 0.1; x += 0.6)
        out.push(
          poly3(
            cam,
            [
              [x + 0.03, 0, z + 0.03],
              [Math.min(x + 0.57, x1), 0, z + 0.03],
              [Math.min(x + 0.57, x1), 0, z + 0.57],
              [x + 0.03, 0, z + 0.57],
            ],
            sc.jit(col, 0.1),
          ),
        )
  }
  const jc = dark(col, 0.35)
  for (let z = z0 + slab; z < z1; z += slab)
    out.push(
      pline(
        proj(cam, [
          [x0, 0, z],
          [x1, 0, z],
        ]),
        jc,
        Math.max(1, cam.s(z) * 0.02),
      ),
    )
  for (let i = 1; i < nx; i++) {
    const x = x0 + ((x1 - x0) * i) / nx
    out.push(
      pline(
        proj(cam, [
          [x, 0, z0],
          [x, 0, z1],
        ]),
        jc,
        1.2,
      ),
    )
  }
  // a brushed edge band
  out.push(
    poly3(
      cam,
      [
        [x0, 0, z0],
        [x0 + 0.08, 0, z0],
        [x0 + 0.08, 0, z1],
        [x0, 0, z1],
      ],
      light(col, 0.12),
    ),
    poly3(
      cam,
      [
        [x1 - 0.08, 0, z0],
        [x1, 0, z0],
        [x1, 0, z1],
        [x1 - 0.08, 0, z1],
      ],
      light(col, 0.12),
    ),
  )
  if (old) {
    for (let k = 0; k < 9; k++) {
      let x = sc.rand(x0 + 0.3, x1 - 0.3)
      let z = sc.rand(z0 + 0.3, z1 - 1)
      const pts = [[x, 0, z]]
      const dx = sc.rand(-1, 1)
      for (let i = 0; i < 7; i++) {
        x = Math.min(x1 - 0.1, Math.max(x0 + 0.1, x + dx * 0.3 + sc.rand(-0.25, 0.25)))
        z += sc.rand(0.1, 0.45)
        pts.push([x, 0, z])
      }
      out.push(pline(proj(cam, pts), dark(col, 0.55), Math.max(1.2, cam.s(z) * 0.025)))
    }
    for (let k = 0; k < 6; k++) {
      const [x, y] = cam.p(sc.rand(x0 + 0.5, x1 - 0.5), 0, sc.rand(z0 + 1, z1 - 1))
      const s = sc.rand(30, 80)
      out.push(ell(x, y, s, s * 0.3, '#5e5a52', 'opacity="0.3"'))
    }
    for (let z = z0 + slab; z < z1; z += slab) out.push(tufts(sc, cam, x0, z, x1, z, '#6f8a35', 10))
    out.push(tufts(sc, cam, x0, z0, x0, z1, '#6f8a35', 25), tufts(sc, cam, x1, z0, x1, z1, '#6f8a35', 25))
  }
  return out.join('')
}

/** Elevated deck against a wall at z1: posts, fascia, boards, railing and front stairs. */
function deck(sc, cam, o) {
  const { x0, x1, z0, z1, h = 1.1, col = '#8a6446', rail = '#2b2b2b', railTop = col, stairs, old = false, lights } = o
  const boards = old ? WEATHERED : [col, light(col, 0.06), dark(col, 0.06), mix(col, '#a0785a', 0.3)]
  const out = []
  out.push(
    poly3(
      cam,
      [
        [x0, 0, z0],
        [x1, 0, z0],
        [x1 + 0.8, 0, z1],
        [x0 + 0.8, 0, z1],
      ],
      '#1c2514',
      'opacity="0.35"',
    ),
  )
  out.push(
    poly3(
      cam,
      [
        [x0, 0, z0 + 0.3],
        [x1, 0, z0 + 0.3],
        [x1, h - 0.28, z0 + 0.3],
        [x0, h - 0.28, z0 + 0.3],
      ],
      '#1a2012',
      'opacity="0.55"',
    ),
  )
  for (let x = x0 + 0.1; x < x1; x += 2) out.push(box(sc, cam, x, x + 0.15, 0, h - 0.2, z0 + 0.1, z0 + 0.25, dark(boards[0], 0.15)))
  out.push(box(sc, cam, x1 - 0.25, x1 - 0.1, 0, h - 0.2, z0 + 0.1, z0 + 0.25, dark(boards[0], 0.15)))
  out.push(box(sc, cam, x0, x1, h - 0.28, h, z0, z1, dark(boards[0], 0.05), boards[0]))
  for (let z = z0; z < z1 - 0.01; z += 0.15) {
    let c = sc.jit(sc.pick(boards), 0.05)
    if (old && sc.r() < 0.1) c = dark(c, 0.35)
    out.push(
      poly3(
        cam,
        [
          [x0, h + 0.002, z + 0.012],
          [x1, h + 0.002, z + 0.012],
          [x1, h + 0.002, z + 0.14],
          [x0, h + 0.002, z + 0.14],
        ],
        c,
      ),
    )
  }
  if (lights) out.push(lights)
  const open = stairs ? [stairs[0], stairs[1]] : null
  const railH = 0.95
  const balus = (p0, p1, n) => {
    const r = []
    for (let i = 1; i < n; i++) {
      const p = lerp3(p0, p1, i / n)
      if (open && p[2] < z0 + 0.2 && p[0] > open[0] - 0.05 && p[0] < open[1] + 0.05) continue
      if (old && sc.r() < 0.12) continue
      const lean = old && sc.r() < 0.12 ? 0.12 : 0
      r.push(
        poly3(
          cam,
          [
            [p[0] - 0.018, h, p[2]],
            [p[0] + 0.018, h, p[2]],
            [p[0] + 0.018 + lean, h + railH - 0.05, p[2]],
            [p[0] - 0.018 + lean, h + railH - 0.05, p[2]],
          ],
          old ? WEATHERED[3] : rail,
        ),
      )
    }
    return r.join('')
  }
  const railSeg = (xa, xb, za, zb) => {
    const n = Math.round(Math.hypot(xb - xa, zb - za) / 0.13)
    return balus([xa, 0, za], [xb, 0, zb], n)
  }
  // side rails (far), then front
  out.push(railSeg(x0 + 0.05, x0 + 0.05, z1, z0 + 0.05), railSeg(x1 - 0.05, x1 - 0.05, z1, z0 + 0.05))
  out.push(
    box(sc, cam, x0, x0 + 0.09, h + railH - 0.05, h + railH + 0.02, z0, z1, old ? WEATHERED[1] : railTop),
    box(sc, cam, x1 - 0.09, x1, h + railH - 0.05, h + railH + 0.02, z0, z1, old ? WEATHERED[1] : railTop),
  )
  const segs = open
    ? [
        [x0, open[0]],
        [open[1], x1],
      ]
    : [[x0, x1]]
  for (const [a, b] of segs) {
    out.push(railSeg(a, b, z0 + 0.05, z0 + 0.05))
    const sag = old && a === x0 ? 0.12 : 0
    out.push(
      solid(sc, cam, [
        {
          fill: old ? WEATHERED[1] : railTop,
          pts: [
            [a, h + railH - 0.05, z0],
            [b, h + railH - 0.05 - sag, z0],
            [b, h + railH + 0.02 - sag, z0],
            [a, h + railH + 0.02, z0],
          ],
        },
        {
          fill: old ? WEATHERED[1] : railTop,
          pts: [
            [a, h + railH + 0.02, z0],
            [b, h + railH + 0.02 - sag, z0],
            [b, h + railH + 0.02 - sag, z0 + 0.1],
            [a, h + railH + 0.02, z0 + 0.1],
          ],
        },
        {
          fill: old ? WEATHERED[1] : railTop,
          pts: [
            [a, h + railH - 0.05, z0 + 0.1],
            [b, h + railH - 0.05 - sag, z0 + 0.1],
            [b, h + railH + 0.02 - sag, z0 + 0.1],
            [a, h + railH + 0.02, z0 + 0.1],
          ],
        },
      ]).svg,
    )
  }
  const postXs = [x0, x1 - 0.1, ...(open ? [open[0] - 0.1, open[1]] : [])]
  for (const x of postXs) out.push(box(sc, cam, x, x + 0.1, h - 0.28, h + railH + 0.06, z0 - 0.02, z0 + 0.08, old ? WEATHERED[1] : railTop))
  if (stairs) {
    const n = Math.ceil(h / 0.19)
    const rise = h / n
    for (let i = 0; i < n; i++) {
      const y = h - (i + 1) * rise
      const zf = z0 - (i + 1) * 0.28
      out.push(
        box(sc, cam, stairs[0], stairs[1], Math.max(0, y - 0.04), y + 0.0, zf, zf + 0.3, dark(boards[0], 0.1), sc.jit(boards[1], 0.04)),
      )
      out.push(box(sc, cam, stairs[0], stairs[1], y - 0.0, y + rise - 0.02, zf + 0.27, zf + 0.3, dark(boards[0], 0.25)))
    }
  }
  return out.join('')
}

/** A disc at height Y, centred at (X, Z), as an ellipse. */
function disc(cam, X, Y, Z, R, fill, a = '') {
  const [x, y] = cam.p(X, Y, Z)
  return ell(x, y, (R * cam.f) / Z, Math.max(1, (R * cam.f * Math.abs(cam.ch - Y)) / (Z * Z)), fill, a)
}
function patioSet(sc, cam, X, Z, o = {}) {
  const s = cam.s(Z)
  const out = [disc(cam, X, 0, Z, 1.1, '#1a1a12', 'opacity="0.18"')]
  const [bx, by] = cam.p(X, 0, Z)
  const [tx, ty] = cam.p(X, 0.74, Z)
  for (const dx of [-0.35, 0.35]) out.push(line(bx + dx * s, by, tx + dx * s * 0.8, ty, '#3a3a3a', Math.max(1, s * 0.03)))
  if (o.umbrella) {
    const [px, py] = cam.p(X, 2.25, Z)
    out.push(line(tx, ty, px, py, '#d8d3c8', Math.max(1.5, s * 0.03)))
  }
  out.push(disc(cam, X, 0.76, Z, 0.55, '#cfc9bc'), disc(cam, X, 0.74, Z, 0.55, '#8b8579'))
  out.push(disc(cam, X, 0.78, Z, 0.52, '#dcd6c9'))
  for (const dx of [-0.95, 0.95]) out.push(chair(sc, cam, X + dx, Z + 0.1, o.chair ?? '#3d3d3d'))
  if (o.umbrella) {
    const [px, py] = cam.p(X, 2.25, Z)
    const R = 1.35 * s
    const [ex, ey] = cam.p(X, 1.95, Z)
    const ry = Math.max(2, (1.35 * cam.f * Math.abs(cam.ch - 1.95)) / (Z * Z))
    out.push(
      poly(
        [
          [ex - R, ey],
          [px, py - s * 0.35],
          [ex + R, ey],
          [ex, ey + ry],
        ],
        o.umbrella,
      ),
    )
    out.push(
      poly(
        [
          [ex - R, ey],
          [px, py - s * 0.35],
          [ex - R * 0.3, ey + ry * 0.9],
        ],
        light(o.umbrella, 0.12),
      ),
    )
    out.push(ell(ex, ey, R, ry, dark(o.umbrella, 0.25)))
    for (let k = 0; k < 8; k++)
      out.push(
        line(
          ex,
          ey + ry * 0.1,
          ex + Math.cos((k / 8) * Math.PI * 2) * R,
          ey + Math.sin((k / 8) * Math.PI * 2) * ry,
          dark(o.umbrella, 0.45),
          1,
        ),
      )
  }
  return out.join('')
}
/** A simple slatted chair, seen from the front. */
function chair(sc, cam, X, Z, col) {
  const s = cam.s(Z)
  const [x, y] = cam.p(X, 0, Z)
  const u = s
  const out = []
  const c2 = dark(col, 0.2)
  out.push(rect(x - 0.25 * u, y - 0.9 * u, 0.5 * u, 0.5 * u, c2))
  for (let i = 0; i < 4; i++) out.push(rect(x - 0.24 * u + i * 0.125 * u, y - 0.92 * u, 0.1 * u, 0.5 * u, col))
  out.push(
    poly(
      [
        [x - 0.28 * u, y - 0.45 * u],
        [x + 0.28 * u, y - 0.45 * u],
        [x + 0.3 * u, y - 0.38 * u],
        [x - 0.3 * u, y - 0.38 * u],
      ],
      light(col, 0.1),
    ),
  )
  for (const dx of [-0.26, 0.22]) out.push(rect(x + dx * u, y - 0.4 * u, 0.04 * u, 0.4 * u, c2))
  out.push(rect(x - 0.34 * u, y - 0.62 * u, 0.1 * u, 0.05 * u, col), rect(x + 0.24 * u, y - 0.62 * u, 0.1 * u, 0.05 * u, col))
  return out.join('')
}
function firePit(sc, cam, X, Z, lit = true) {
  const s = cam.s(Z)
  const out = [disc(cam, X, 0, Z, 1.0, '#1a1a12', 'opacity="0.2"')]
  const [x, y] = cam.p(X, 0.35, Z)
  const rx = 0.65 * s
  const ry = Math.max(3, (0.65 * cam.f * (cam.ch - 0.35)) / (Z * Z))
  out.push(rect(x - rx, y, rx * 2, 0.35 * s, '#7d736a'))
  for (let i = 0; i < 8; i++)
    out.push(rect(x - rx + (i * rx * 2) / 8 + 1, y + (i % 2) * 0.17 * s + 1, (rx * 2) / 8 - 2, 0.16 * s, sc.jit('#8e847a', 0.12)))
  out.push(ell(x, y + 0.35 * s, rx, ry, '#7d736a'))
  out.push(ell(x, y, rx, ry, '#a0968b'), ell(x, y, rx * 0.78, ry * 0.7, '#2e2622'))
  if (lit) {
    out.push(ell(x, y, rx * 0.6, ry * 0.5, '#ff8a2a', 'opacity="0.6"'))
    for (let i = 0; i < 5; i++) {
      const fx = x + (i - 2) * rx * 0.18
      const fh = s * sc.rand(0.35, 0.6)
      out.push(
        poly(
          [
            [fx - rx * 0.12, y],
            [fx + sc.rand(-0.05, 0.05) * s, y - fh],
            [fx + rx * 0.12, y],
          ],
          i % 2 ? '#ffb13b' : '#ff7a1f',
        ),
      )
      out.push(
        poly(
          [
            [fx - rx * 0.06, y],
            [fx, y - fh * 0.55],
            [fx + rx * 0.06, y],
          ],
          '#ffe28a',
        ),
      )
    }
  }
  return out.join('')
}
function stringLights(sc, cam, pts3, sag = 0.35) {
  const out = []
  for (let i = 0; i < pts3.length - 1; i++) {
    const a = pts3[i]
    const b = pts3[i + 1]
    const seg = []
    for (let k = 0; k <= 16; k++) {
      const t = k / 16
      const p = lerp3(a, b, t)
      p[1] -= sag * 4 * t * (1 - t)
      seg.push(p)
    }
    out.push(pline(proj(cam, seg), '#2a2a2a', 1.2))
    for (let k = 1; k < 16; k += 2) {
      const [x, y] = cam.p(...seg[k])
      const r = Math.max(2, cam.s(seg[k][2]) * 0.05)
      out.push(circ(x, y + r, r * 3, '#fff1b0', 'opacity="0.25"'), circ(x, y + r, r, '#fff6cf'))
    }
  }
  return out.join('')
}

/** Pergola: four posts, two beams along X, rafters along Z, optional vines; shadow stripes below. */
function pergola(sc, cam, o) {
  const { x0, x1, z0, z1, h = 2.7, col = '#9b6a43', vines = false } = o
  const out = []
  const [sx, sz] = sc.sunV ?? [0.45, 0.3]
  for (let x = x0 - 0.3; x < x1 + 0.3; x += 0.45) {
    const pts = [
      [x, 0, z0 - 0.4],
      [x + 0.08, 0, z0 - 0.4],
      [x + 0.08, 0, z1 + 0.4],
      [x, 0, z1 + 0.4],
    ].map((p) => [p[0] + h * sx, 0, p[2] + h * sz])
    out.push(poly3(cam, pts, '#1b2412', 'opacity="0.18"'))
  }
  const ps = 0.16
  const back = [
    [x0, z1],
    [x1 - ps, z1],
  ]
  const front = [
    [x0, z0],
    [x1 - ps, z0],
  ]
  for (const [x, z] of back) out.push(box(sc, cam, x, x + ps, 0, h, z - ps, z, col))
  for (let x = x0 - 0.4; x <= x1 + 0.4; x += 0.45)
    out.push(box(sc, cam, x, x + 0.06, h + 0.2, h + 0.4, z0 - 0.5, z1 + 0.5, light(col, 0.05)))
  for (const z of [z1 - ps / 2, z0 - ps / 2]) out.push(box(sc, cam, x0 - 0.6, x1 + 0.6, h, h + 0.22, z - 0.05, z + 0.05, dark(col, 0.03)))
  for (const [x, z] of front) out.push(box(sc, cam, x, x + ps, 0, h, z - ps, z, col))
  for (const [x, z] of front) out.push(box(sc, cam, x - 0.05, x + ps + 0.05, 0, 0.25, z - ps - 0.05, z + 0.05, '#8c8578'))
  if (vines) {
    for (let x = x0 - 0.4; x < x1 + 0.4; x += 0.25) {
      const [vx, vy] = cam.p(x, h + 0.25, z0 - 0.1)
      const s = cam.s(z0)
      out.push(circ(vx, vy, s * sc.rand(0.12, 0.22), sc.jit('#4e8a3a', 0.15)))
      if (sc.r() < 0.3) out.push(circ(vx, vy + s * 0.1, s * 0.05, '#c85aa0'))
    }
    for (const [x, z] of front) {
      for (let y = 0.3; y < h; y += 0.25) {
        const [vx, vy] = cam.p(x + ps / 2 + sc.rand(-0.1, 0.1), y, z - ps)
        out.push(circ(vx, vy, cam.s(z) * sc.rand(0.08, 0.14), sc.jit('#4e8a3a', 0.15)))
      }
    }
  }
  return out.join('')
}

/** Low retaining wall of blocks following a gentle curve z = z0 + bulge * (2t-1)^2. */
function retainingWall(sc, cam, o) {
  const { xa, xb, z0, bulge = 1.5, h = 1.2, colors = ['#b8ad9c', '#a89d8c', '#c4baa9', '#9d9282'], cap = '#8f8577', base = 0 } = o
  const zAt = (x) => z0 + bulge * ((2 * (x - xa)) / (xb - xa) - 1) ** 2
  const out = []
  const topY = base + h
  // raised bed behind the wall, running back to the horizon
  const topPts = []
  for (let x = xa; x <= xb + 0.001; x += 0.2) topPts.push(cam.p(x, topY, zAt(x)))
  out.push(
    poly(
      [...topPts, [sc.w + 10, topPts[topPts.length - 1][1]], [sc.w + 10, cam.hz - 2], [-10, cam.hz - 2], [-10, topPts[0][1]]],
      o.bed ?? '#5b4232',
    ),
  )
  const course = 0.2
  const blk = 0.45
  let row = 0
  for (let y = base; y < topY - 0.01; y += course, row++) {
    const off = row % 2 ? blk / 2 : 0
    for (let x = xa - off; x < xb; x += blk) {
      const a = Math.max(x, xa)
      const b = Math.min(x + blk, xb)
      if (b - a < 0.02) continue
      const c = sc.jit(sc.pick(colors), 0.07)
      const q = [
        [a, y, zAt(a)],
        [b, y, zAt(b)],
        [b, y + course, zAt(b)],
        [a, y + course, zAt(a)],
      ]
      const n = cross(sub(q[1], q[0]), sub(q[3], q[0]))
      out.push(poly3(cam, q, sc.shade(c, dot(n, [0, 0, -1]) > 0 ? n : n.map((v) => -v)), `stroke="${dark(c, 0.35)}" stroke-width="1"`))
      out.push(poly3(cam, subQuad(q, 0.05, 0.65, 0.95, 0.95), light(c, 0.08), 'opacity="0.6"'))
    }
  }
  for (let x = xa; x < xb; x += 0.5) {
    const b = Math.min(x + 0.5, xb)
    const q = [
      [x, topY, zAt(x) - 0.04],
      [b, topY, zAt(b) - 0.04],
      [b, topY + 0.08, zAt(b) - 0.04],
      [x, topY + 0.08, zAt(x) - 0.04],
    ]
    out.push(
      poly3(
        cam,
        [
          [x, topY + 0.08, zAt(x) - 0.04],
          [b, topY + 0.08, zAt(b) - 0.04],
          [b, topY + 0.08, zAt(b) + 0.3],
          [x, topY + 0.08, zAt(x) + 0.3],
        ],
        light(cap, 0.15),
      ),
    )
    out.push(poly3(cam, q, cap, `stroke="${dark(cap, 0.3)}" stroke-width="1"`))
  }
  out.push(
    tufts(sc, cam, xa, zAt(xa) - 0.05, (xa + xb) / 2, z0 - 0.05, '#4a7f2c', 20),
    tufts(sc, cam, (xa + xb) / 2, z0 - 0.05, xb, zAt(xb) - 0.05, '#4a7f2c', 20),
  )
  return { svg: out.join(''), zAt }
}

function stonePillar(sc, cam, x, z, w, h, col = '#a39a8c') {
  const out = [box(sc, cam, x, x + w, 0, h, z, z + w, col)]
  const q = [
    [x, 0, z - 0.01],
    [x + w, 0, z - 0.01],
    [x + w, h, z - 0.01],
    [x, h, z - 0.01],
  ]
  const rows = Math.round(h / 0.22)
  for (let r = 0; r < rows; r++) {
    let u = 0
    while (u < 1) {
      const du = sc.rand(0.25, 0.5)
      out.push(poly3(cam, subQuad(q, u + 0.02, r / rows + 0.015, Math.min(1, u + du) - 0.02, (r + 1) / rows - 0.015), sc.jit(col, 0.14)))
      u += du
    }
  }
  out.push(box(sc, cam, x - 0.06, x + w + 0.06, h, h + 0.12, z - 0.06, z + w + 0.06, light(col, 0.15)))
  const [lx, ly] = cam.p(x + w / 2, h + 0.12, z + w / 2)
  const s = cam.s(z)
  out.push(
    rect(lx - 0.1 * s, ly - 0.32 * s, 0.2 * s, 0.3 * s, '#1f2225'),
    rect(lx - 0.07 * s, ly - 0.28 * s, 0.14 * s, 0.2 * s, '#ffe6a6'),
    poly(
      [
        [lx - 0.14 * s, ly - 0.32 * s],
        [lx, ly - 0.42 * s],
        [lx + 0.14 * s, ly - 0.32 * s],
      ],
      '#1f2225',
    ),
  )
  return out.join('')
}
/** Double iron gate with an arched top between xa and xb at depth z. */
function ironGate(sc, cam, xa, xb, z, h = 1.6, arch = 0.35, col = '#1f2225') {
  const out = []
  const W2 = xb - xa
  const top = (x) => h + arch * Math.sin((Math.PI * (x - xa)) / W2)
  for (let x = xa + 0.08; x < xb - 0.05; x += 0.12) {
    const t = top(x)
    out.push(
      poly3(
        cam,
        [
          [x, 0.05, z],
          [x + 0.025, 0.05, z],
          [x + 0.025, t, z],
          [x, t, z],
        ],
        col,
      ),
    )
    out.push(
      poly3(
        cam,
        [
          [x - 0.02, t, z],
          [x + 0.045, t, z],
          [x + 0.012, t + 0.1, z],
        ],
        col,
      ),
    )
  }
  const arc = []
  for (let x = xa; x <= xb + 0.001; x += W2 / 24) arc.push([x, top(x) - 0.1, z])
  out.push(pline(proj(cam, arc), col, Math.max(2, cam.s(z) * 0.05)))
  for (const y of [0.15, 0.55, h - 0.3])
    out.push(
      pline(
        proj(cam, [
          [xa, y, z],
          [xb, y, z],
        ]),
        col,
        Math.max(2, cam.s(z) * 0.05),
      ),
    )
  for (let x = xa + 0.14; x < xb - 0.1; x += 0.24) {
    const [cx, cy] = cam.p(x, 0.35, z)
    const rr = cam.s(z) * 0.08
    out.push(
      `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rr)}" fill="none" stroke="${col}" stroke-width="${r1(Math.max(1, rr * 0.3))}"/>`,
    )
  }
  out.push(
    pline(
      proj(cam, [
        [(xa + xb) / 2, 0.05, z],
        [(xa + xb) / 2, top((xa + xb) / 2), z],
      ]),
      col,
      Math.max(2, cam.s(z) * 0.06),
    ),
  )
  for (const x of [xa, xb]) out.push(box(sc, cam, x - 0.04, x + 0.04, 0, h + 0.05, z - 0.04, z + 0.04, col))
  return out.join('')
}
/** Double wooden gate with an arched top, strap hinges and a ring latch. */
function woodGate(sc, cam, xa, xb, z, h = 1.85, arch = 0.3, palette = CEDAR) {
  const out = []
  const W2 = xb - xa
  const top = (x) => h + arch * Math.sin((Math.PI * (x - xa)) / W2)
  for (let x = xa; x < xb - 0.01; x += 0.13) {
    const b = Math.min(x + 0.125, xb)
    out.push(
      poly3(
        cam,
        [
          [x, 0.06, z],
          [b, 0.06, z],
          [b, top(b), z],
          [x, top(x), z],
        ],
        sc.shade(sc.jit(sc.pick(palette), 0.07), [0, 0, -1]),
      ),
    )
  }
  const arc = []
  for (let x = xa; x <= xb + 0.001; x += W2 / 24) arc.push([x, top(x) - 0.04, z - 0.02])
  out.push(pline(proj(cam, arc), dark(palette[0], 0.25), Math.max(2, cam.s(z) * 0.05)))
  const m = (xa + xb) / 2
  out.push(
    pline(
      proj(cam, [
        [m, 0.06, z - 0.01],
        [m, top(m), z - 0.01],
      ]),
      dark(palette[0], 0.45),
      Math.max(1.5, cam.s(z) * 0.015),
    ),
  )
  for (const y of [0.35, h - 0.45]) {
    out.push(
      poly3(
        cam,
        [
          [xa + 0.02, y, z - 0.02],
          [xa + 0.6, y, z - 0.02],
          [xa + 0.6, y + 0.05, z - 0.02],
          [xa + 0.02, y + 0.05, z - 0.02],
        ],
        '#1f2225',
      ),
    )
    out.push(
      poly3(
        cam,
        [
          [xb - 0.6, y, z - 0.02],
          [xb - 0.02, y, z - 0.02],
          [xb - 0.02, y + 0.05, z - 0.02],
          [xb - 0.6, y + 0.05, z - 0.02],
        ],
        '#1f2225',
      ),
    )
  }
  const [rx, ry] = cam.p(m + 0.12, 1.05, z - 0.02)
  const rr = cam.s(z) * 0.05
  out.push(
    `<circle cx="${r1(rx)}" cy="${r1(ry)}" r="${r1(rr)}" fill="none" stroke="#1f2225" stroke-width="${r1(Math.max(1.5, rr * 0.35))}"/>`,
  )
  for (const x of [xa - 0.14, xb]) out.push(box(sc, cam, x, x + 0.14, 0, h + arch + 0.15, z - 0.05, z + 0.09, dark(palette[0], 0.12)))
  return out.join('')
}

function pool(sc, cam, x0, x1, z0, z1) {
  const out = [
    poly3(
      cam,
      [
        [x0 - 0.4, 0, z0 - 0.4],
        [x1 + 0.4, 0, z0 - 0.4],
        [x1 + 0.4, 0, z1 + 0.4],
        [x0 - 0.4, 0, z1 + 0.4],
      ],
      '#e4dccd',
    ),
  ]
  out.push(
    poly3(
      cam,
      [
        [x0, 0, z0],
        [x1, 0, z0],
        [x1, 0, z1],
        [x0, 0, z1],
      ],
      '#2d8fb5',
    ),
  )
  out.push(
    poly3(
      cam,
      [
        [x0, -0.25, z1],
        [x1, -0.25, z1],
        [x1, 0, z1],
        [x0, 0, z1],
      ],
      '#1f6f94',
    ),
  )
  out.push(
    poly3(
      cam,
      [
        [x0, 0, z0],
        [x1, 0, z0],
        [x1, 0, z1 - 0.25],
        [x0, 0, z1 - 0.25],
      ],
      sc.lin([
        [0, '#49b8d9'],
        [1, '#6fd0e8'],
      ]),
    ),
  )
  for (let i = 0; i < 26; i++) {
    const X = sc.rand(x0 + 0.3, x1 - 0.8)
    const Z = sc.rand(z0 + 0.3, z1 - 0.5)
    out.push(
      pline(
        proj(cam, [
          [X, 0, Z],
          [X + 0.25, 0, Z + 0.08],
          [X + 0.5, 0, Z],
        ]),
        '#d8f4fb',
        1.5,
        'opacity="0.7"',
      ),
    )
  }
  return out.join('')
}

// small props
function toolbox(sc, cam, X, Z, col = '#c0392b') {
  return (
    box(sc, cam, X, X + 0.5, 0, 0.25, Z, Z + 0.25, col, light(col, 0.1)) +
    pline(
      proj(cam, [
        [X + 0.12, 0.25, Z + 0.12],
        [X + 0.12, 0.33, Z + 0.12],
        [X + 0.38, 0.33, Z + 0.12],
        [X + 0.38, 0.25, Z + 0.12],
      ]),
      '#2a2a2a',
      Math.max(1.5, cam.s(Z) * 0.02),
    )
  )
}
function boardPile(sc, cam, X, Z, palette = CEDAR, n = 6, len = 1.9) {
  const out = []
  for (let i = 0; i < n; i++) {
    const y = Math.floor(i / 3) * 0.03
    const x = X + (i % 3) * 0.15
    out.push(box(sc, cam, x, x + 0.14, 0.06 + y, 0.08 + y, Z, Z + len, sc.jit(sc.pick(palette), 0.08)))
  }
  out.push(
    box(sc, cam, X - 0.05, X + 0.5, 0, 0.06, Z + 0.2, Z + 0.3, '#6b5a48'),
    box(sc, cam, X - 0.05, X + 0.5, 0, 0.06, Z + len - 0.3, Z + len - 0.2, '#6b5a48'),
  )
  return out.join('')
}
function wheelbarrow(sc, cam, X, Z, col = '#2e7d5b') {
  const s = cam.s(Z)
  const [x, y] = cam.p(X, 0, Z)
  return [
    ell(x, y, 0.7 * s, 0.08 * s, '#15200f', 'opacity="0.2"'),
    line(x - 0.5 * s, y, x - 0.35 * s, y - 0.35 * s, '#333', 0.04 * s),
    line(x - 0.6 * s, y - 0.45 * s, x + 0.55 * s, y - 0.55 * s, '#555', 0.04 * s),
    poly(
      [
        [x - 0.45 * s, y - 0.75 * s],
        [x + 0.5 * s, y - 0.8 * s],
        [x + 0.3 * s, y - 0.35 * s],
        [x - 0.3 * s, y - 0.33 * s],
      ],
      col,
    ),
    poly(
      [
        [x - 0.45 * s, y - 0.75 * s],
        [x + 0.5 * s, y - 0.8 * s],
        [x + 0.45 * s, y - 0.7 * s],
        [x - 0.42 * s, y - 0.66 * s],
      ],
      '#8e8a82',
    ),
    circ(x + 0.5 * s, y - 0.18 * s, 0.18 * s, '#222'),
    circ(x + 0.5 * s, y - 0.18 * s, 0.07 * s, '#999'),
  ].join('')
}
function sawhorse(sc, cam, X, Z, col = '#c99a5a') {
  const s = cam.s(Z)
  const [x, y] = cam.p(X, 0, Z)
  return [
    line(x - 0.45 * s, y, x - 0.3 * s, y - 0.75 * s, dark(col, 0.15), 0.06 * s),
    line(x - 0.15 * s, y, x - 0.3 * s, y - 0.75 * s, dark(col, 0.25), 0.06 * s),
    line(x + 0.45 * s, y, x + 0.3 * s, y - 0.75 * s, dark(col, 0.15), 0.06 * s),
    line(x + 0.15 * s, y, x + 0.3 * s, y - 0.75 * s, dark(col, 0.25), 0.06 * s),
    rect(x - 0.55 * s, y - 0.82 * s, 1.1 * s, 0.09 * s, col),
  ].join('')
}

/** Pickup truck seen side-on at depth Z (facing right), optional lumber in the bed. */
function truck(sc, cam, X, Z, o = {}) {
  const col = o.col ?? '#f3f3f0'
  const s = cam.s(Z)
  const [x0, y0] = cam.p(X, 0, Z)
  const M = (mx, my) => [x0 + mx * s, y0 - my * s]
  const out = [ell(x0 + 2.8 * s, y0, 3.2 * s, 0.2 * s, '#111', 'opacity="0.25"')]
  if (o.lumber) for (let i = 0; i < 5; i++) out.push(rect(...M(-0.9, 1.42 + i * 0.07), 3.2 * s, 0.065 * s, sc.jit(sc.pick(CEDAR), 0.08)))
  out.push(
    poly(
      [
        M(0, 0.45),
        M(0, 1.35),
        M(2.2, 1.35),
        M(2.2, 1.95),
        M(2.35, 2.0),
        M(3.5, 2.0),
        M(4.15, 1.45),
        M(5.45, 1.35),
        M(5.6, 1.1),
        M(5.6, 0.45),
      ],
      col,
    ),
  )
  out.push(poly([M(0, 0.45), M(5.6, 0.45), M(5.6, 0.8), M(0, 0.8)], dark(col, 0.08)))
  if (o.stripe) out.push(poly([M(0, 0.95), M(5.6, 0.95), M(5.6, 1.08), M(0, 1.08)], o.stripe))
  out.push(
    poly([M(2.45, 1.45), M(2.45, 1.88), M(3.1, 1.88), M(3.1, 1.45)], glass(sc)),
    poly([M(3.2, 1.45), M(3.2, 1.88), M(3.45, 1.88), M(3.95, 1.45)], glass(sc)),
  )
  out.push(
    line(...M(2.2, 1.35), ...M(2.2, 0.6), dark(col, 0.25), Math.max(1, s * 0.02)),
    line(...M(3.15, 1.9), ...M(3.15, 0.6), dark(col, 0.25), Math.max(1, s * 0.02)),
    line(...M(4.1, 1.45), ...M(4.1, 0.6), dark(col, 0.25), Math.max(1, s * 0.02)),
  )
  out.push(rect(...M(2.7, 1.3), 0.22 * s, 0.05 * s, dark(col, 0.4)), rect(...M(3.55, 1.3), 0.22 * s, 0.05 * s, dark(col, 0.4)))
  out.push(rect(...M(5.4, 1.32), 0.2 * s, 0.14 * s, '#ffe9a8'), rect(...M(-0.04, 1.3), 0.08 * s, 0.25 * s, '#c0392b'))
  out.push(rect(...M(-0.1, 0.55), 0.2 * s, 0.12 * s, '#444'), rect(...M(5.5, 0.58), 0.22 * s, 0.15 * s, '#444'))
  for (const wx of [1.05, 4.55]) {
    const [cx, cy] = M(wx, 0.42)
    out.push(
      circ(cx, cy, 0.5 * s, '#2a2a2a'),
      circ(cx, cy, 0.42 * s, '#1a1a1a'),
      circ(cx, cy, 0.22 * s, '#b5b5b5'),
      circ(cx, cy, 0.07 * s, '#777'),
    )
  }
  if (o.rack) {
    out.push(
      line(...M(0.1, 1.35), ...M(0.1, 2.15), '#333', s * 0.05),
      line(...M(2.1, 1.35), ...M(2.1, 2.15), '#333', s * 0.05),
      line(...M(-0.1, 2.15), ...M(3.3, 2.15), '#333', s * 0.06),
    )
    out.push(rect(...M(-0.3, 2.26), 3.8 * s, 0.08 * s, '#c9c3b5'))
  }
  return out.join('')
}
/** A parked car seen from behind (facing away), as two convex solids. */
function carRear(sc, cam, X, Z, col = '#9b2335') {
  const out = [
    poly3(
      cam,
      [
        [X - 0.1, 0, Z - 0.2],
        [X + 1.9, 0, Z - 0.2],
        [X + 2.2, 0, Z + 4.6],
        [X + 0.1, 0, Z + 4.6],
      ],
      '#111',
      'opacity="0.3"',
    ),
  ]
  for (const wx of [X + 0.05, X + 1.55]) out.push(box(sc, cam, wx, wx + 0.2, 0, 0.62, Z + 0.5, Z + 1.1, '#1d1d1d'))
  out.push(box(sc, cam, X, X + 1.8, 0.3, 1.0, Z, Z + 4.5, col))
  const top = [
    [X + 0.2, 1.5, Z + 1.3],
    [X + 1.6, 1.5, Z + 1.3],
    [X + 1.6, 1.5, Z + 3.2],
    [X + 0.2, 1.5, Z + 3.2],
  ]
  const bot = [
    [X + 0.05, 1.0, Z + 0.8],
    [X + 1.75, 1.0, Z + 0.8],
    [X + 1.75, 1.0, Z + 3.9],
    [X + 0.05, 1.0, Z + 3.9],
  ]
  const cab = solid(sc, cam, [
    { name: 'rear', fill: col, pts: [bot[0], bot[1], top[1], top[0]] },
    { name: 'top', fill: col, pts: top },
    { name: 'left', fill: col, pts: [bot[0], bot[3], top[3], top[0]] },
    { name: 'right', fill: col, pts: [bot[1], bot[2], top[2], top[1]] },
    { name: 'front', fill: col, pts: [bot[3], bot[2], top[2], top[3]] },
    { name: 'bottom', fill: col, pts: bot },
  ])
  out.push(cab.svg)
  out.push(poly3(cam, subQuad([bot[0], bot[1], top[1], top[0]], 0.08, 0.15, 0.92, 0.9), '#2d3a45'))
  for (const [a, b] of [
    [X + 0.05, X + 0.4],
    [X + 1.4, X + 1.75],
  ])
    out.push(
      poly3(
        cam,
        [
          [a, 0.72, Z - 0.01],
          [b, 0.72, Z - 0.01],
          [b, 0.88, Z - 0.01],
          [a, 0.88, Z - 0.01],
        ],
        '#d8262b',
      ),
    )
  out.push(
    poly3(
      cam,
      [
        [X + 0.65, 0.45, Z - 0.01],
        [X + 1.15, 0.45, Z - 0.01],
        [X + 1.15, 0.62, Z - 0.01],
        [X + 0.65, 0.62, Z - 0.01],
      ],
      '#eeeeea',
    ),
  )
  out.push(
    poly3(
      cam,
      [
        [X - 0.02, 0.3, Z - 0.02],
        [X + 1.82, 0.3, Z - 0.02],
        [X + 1.82, 0.42, Z - 0.02],
        [X - 0.02, 0.42, Z - 0.02],
      ],
      '#2a2a2a',
    ),
  )
  for (const wx of [X + 0.05, X + 1.55]) out.push(box(sc, cam, wx, wx + 0.2, 0, 0.3, Z + 0.0, Z + 0.01, '#1d1d1d'))
  return out.join('')
}

// ───────────────────────── scenes ─────────────────────────
const SCENES = {}
const scene = (name, seed, draw, opts = {}) => (SCENES[name] = { seed, draw, opts })
const FLOWERS = ['#e84a5f', '#f7c948', '#ffffff', '#b05cc8', '#ff8c42']

function backyardCedar(sc, o) {
  const env = { sky: 'day', grass: o.old ? 'dry' : 'summer', flatirons: true, flatironsX: 60, mtnAmp: 190 }
  const cam = camera({ hz: 400, ch: 1.6 })
  sc.sunV = [0.5, -0.35]
  backdrop(sc, cam, env)
  sc.add(house(sc, cam, { x0: 6, x1: 14, z0: 34, h: 5.4, roofH: 2.6, pal: HOUSES[1], style: 'hip' }))
  sc.add(leafy(sc, cam, -9, 26, 9, '#4f8a3a'), pine(sc, cam, -3, 30, 11), leafy(sc, cam, 3, 24, 7.5, '#5c9440'))
  const rng = sc.r
  sc.r = mulberry32(77)
  sc.add(fence(sc, cam, { a: [-7, 3.2], b: [9, 20], type: 'privacy', h: 1.85, old: o.old }))
  sc.add(fence(sc, cam, { a: [9, 20], b: [30, 20], type: 'privacy', h: 1.85, old: o.old }))
  sc.r = rng
  if (o.old) {
    sc.add(tufts(sc, cam, -6, 3.6, 8, 19, '#8a8f3a', 160))
    sc.add(
      poly3(
        cam,
        [
          [-1, 0, 6],
          [1.5, 0, 6],
          [1.8, 0, 8],
          [-0.6, 0, 8],
        ],
        '#9b8a5a',
        'opacity="0.5"',
      ),
    )
  } else sc.add(flowerBed(sc, cam, -1.5, 1.2, 5.4, 7.2, FLOWERS), bush(sc, cam, 4, 13.5, 1.2, '#3f7d35'))
  warmOverlay(sc, env)
}
scene('fence-cedar-1', 11, (sc) => backyardCedar(sc, {}))
scene('before-fence', 11, (sc) => backyardCedar(sc, { old: true }))
scene('after-fence', 11, (sc) => backyardCedar(sc, {}))

scene('fence-cedar-2', 12, (sc) => {
  const env = { sky: 'golden', grass: 'summer', mtnAmp: 150 }
  const cam = camera({ hz: 430, ch: 1.5 })
  sc.sunV = [-0.6, 0.2]
  backdrop(sc, cam, { ...env, sunAt: [180, 300] })
  sc.add(leafy(sc, cam, -9, 22, 8.5, '#5b8f3c'), pine(sc, cam, 8, 24, 10, '#2e5a3a'))
  sc.add(house(sc, cam, { x0: -3.5, x1: 4.5, z0: 15, h: 3, roofH: 2.6, pal: HOUSES[4], shutters: '#2f4f4f', chimney: 3, doorU: 3.5 }))
  sc.add(pavers(sc, cam, { x0: -0.5, x1: 0.7, z0: 6, z1: 14.4, colors: ['#b0a089', '#c2b39b', '#a2927a'] }))
  sc.add(flowerBed(sc, cam, -4, -1, 8.5, 9.8, FLOWERS), flowerBed(sc, cam, 1.3, 4, 8.5, 9.8, FLOWERS))
  sc.add(fence(sc, cam, { a: [-6, 6], b: [6, 6], type: 'picket', h: 1.15, color: '#c58a55', skip: [[-0.6, 0.8]], spacing: 2.0 }))
  sc.add(bush(sc, cam, -3.4, 5.6, 0.8, '#4d8a3c', FLOWERS), bush(sc, cam, 3.1, 5.5, 0.9, '#3f7d35'))
  warmOverlay(sc, env)
})

scene('fence-cedar-3', 13, (sc) => {
  const env = { sky: 'morning', grass: 'lush', mtnAmp: 170 }
  const cam = camera({ hz: 410, ch: 1.6, vx: 640 })
  sc.sunV = [0.4, 0.3]
  backdrop(sc, cam, env)
  sc.add(house(sc, cam, { x0: 3, x1: 13, z0: 26, h: 3.2, roofH: 1.2, style: 'hip', pal: HOUSES[6] }))
  sc.add(pine(sc, cam, -6, 34, 10), leafy(sc, cam, -2, 36, 8))
  const pal = ['#8a5a3a', '#9a6842', '#7b4f33', '#a06d45']
  sc.add(fence(sc, cam, { a: [-16, 24], b: [-3.2, 24], type: 'horizontal', h: 1.9, palette: pal }))
  sc.add(fence(sc, cam, { a: [-3.2, 24], b: [-3.2, 2.4], type: 'horizontal', h: 1.9, palette: pal }))
  sc.add(
    poly3(
      cam,
      [
        [-3.1, 0, 2.4],
        [-2.2, 0, 2.4],
        [-2.2, 0, 24],
        [-3.1, 0, 24],
      ],
      '#cfc8bb',
    ),
  )
  for (let z = 3.5; z < 22; z += 3.2)
    sc.add(box(sc, cam, -3.0, -2.4, 0, 0.55, z, z + 0.6, '#3b3d40'), bush(sc, cam, -2.7, z + 0.3, 0.7, '#4d8a3c', null, 0.55))
  sc.add(
    pavers(sc, cam, { x0: 0.5, x1: 3.5, z0: 5, z1: 25.5, pw: 0.9, pd: 0.9, colors: ['#d3cdc2', '#c4beb2', '#dcd6cb'], border: '#8d867a' }),
  )
  warmOverlay(sc, env)
})

scene('fence-vinyl-1', 14, (sc) => {
  const env = { sky: 'bright', grass: 'lush', mtnAmp: 200, flatirons: true, flatironsX: 700 }
  const cam = camera({ hz: 400, ch: 1.6, vx: 560 })
  sc.sunV = [-0.45, -0.3]
  backdrop(sc, cam, env)
  sc.add(leafy(sc, cam, -12, 30, 9), leafy(sc, cam, 9, 32, 8, '#5c9440'), pine(sc, cam, 14, 34, 12))
  sc.add(fence(sc, cam, { a: [-30, 26], b: [4.5, 26], type: 'vinyl', h: 1.85, lattice: true }))
  sc.add(fence(sc, cam, { a: [4.5, 26], b: [4.5, 3.5], type: 'vinyl', h: 1.85, lattice: true }))
  sc.add(pool(sc, cam, -4.5, 1.8, 9, 17))
  for (const z of [10, 13]) sc.add(box(sc, cam, 2.6, 3.3, 0, 0.35, z, z + 1.9, '#f2f0ea', '#2f6f8f'))
  sc.add(bush(sc, cam, 4, 6, 1.2, '#3f7d35', FLOWERS), bush(sc, cam, 4, 21, 1.4))
  warmOverlay(sc, env)
})

scene('fence-vinyl-2', 15, (sc) => {
  const env = { sky: 'morning', grass: 'spring', mtnAmp: 160 }
  const cam = camera({ hz: 440, ch: 1.5, vx: 620 })
  sc.sunV = [0.5, -0.2]
  backdrop(sc, cam, env)
  sc.add(leafy(sc, cam, 9, 24, 9, '#5b9a3e'), pine(sc, cam, -10, 26, 11))
  sc.add(house(sc, cam, { x0: -5, x1: 5, z0: 16, h: 5.6, roofH: 2.2, style: 'hip', pal: HOUSES[1], shutters: '#1f3b57', doorU: 4.5 }))
  sc.add(pavers(sc, cam, { x0: -0.6, x1: 0.6, z0: 6.8, z1: 15.4, colors: ['#c7c2b8', '#b8b2a6'] }))
  sc.add(bush(sc, cam, -3.5, 15, 1.4), bush(sc, cam, 3.2, 15, 1.4), bush(sc, cam, -1.5, 15.2, 1))
  sc.add(fence(sc, cam, { a: [-7, 6.5], b: [7, 6.5], type: 'picket', h: 1.1, color: '#f7f6f1', skip: [[6.3, 7.7]], spacing: 2.3 }))
  sc.add(flowerBed(sc, cam, -5.5, -1.5, 5.4, 6.2, FLOWERS, '#6a4b36'), flowerBed(sc, cam, 1.5, 5.5, 5.4, 6.2, FLOWERS, '#6a4b36'))
  warmOverlay(sc, env)
})

scene('fence-chainlink-1', 16, (sc) => {
  const env = { sky: 'soft', grass: 'summer', mtnAmp: 180 }
  const cam = camera({ hz: 420, ch: 1.6, vx: 600 })
  sc.sunV = [0.4, -0.3]
  backdrop(sc, cam, env)
  sc.add(leafy(sc, cam, -14, 34, 10), leafy(sc, cam, -6, 38, 9, '#5c9440'), pine(sc, cam, 10, 36, 12), leafy(sc, cam, 16, 30, 8))
  sc.add(house(sc, cam, { x0: -3, x1: 0.5, z0: 20, depth: 3, h: 2.3, roofH: 1.1, pal: { ...HOUSES[3], door: '#7a5230' }, doorU: 1.2 }))
  sc.add(fence(sc, cam, { a: [-30, 24], b: [5, 24], type: 'chain', h: 1.5, spacing: 3 }))
  sc.add(fence(sc, cam, { a: [5, 24], b: [2.2, 2.4], type: 'chain', h: 1.5, spacing: 2.7 }))
  sc.add(leafy(sc, cam, 9, 16, 9.5, '#4f8a3a'), leafy(sc, cam, -4.5, 14, 8, '#5c9440'))
  sc.add(bush(sc, cam, -6, 12, 1.3, '#3f7d35'), flowerBed(sc, cam, -2.5, 1.5, 20.5, 21.5, FLOWERS))
  warmOverlay(sc, env)
})

scene('fence-chainlink-2', 17, (sc) => {
  const env = { sky: 'day', grass: 'summer', mtnAmp: 170 }
  const cam = camera({ hz: 430, ch: 1.55 })
  sc.sunV = [-0.4, -0.3]
  backdrop(sc, cam, env)
  sc.add(house(sc, cam, { x0: -8, x1: 2, z0: 22, h: 3, roofH: 1.4, style: 'hip', pal: HOUSES[2] }), leafy(sc, cam, 7, 26, 9))
  for (const [x, z] of [
    [-3.2, 8.5],
    [-0.5, 8.5],
    [2.2, 8.5],
    [-3.2, 11.5],
    [-0.5, 11.5],
    [2.2, 11.5],
  ]) {
    sc.add(box(sc, cam, x, x + 2, 0, 0.4, z, z + 1.4, '#8b5e3c', '#4b3526'))
    for (let k = 0; k < 4; k++)
      sc.add(
        bush(
          sc,
          cam,
          x + 0.3 + k * 0.48,
          z + 0.7,
          0.62,
          sc.pick(['#4e8f34', '#6aa640', '#3b7a2c']),
          sc.r() < 0.5 ? ['#e63946', '#f4a261'] : null,
          0.4,
        ),
      )
  }
  sc.add(fence(sc, cam, { a: [-6, 5.5], b: [6, 5.5], type: 'chain', h: 1.2, color: '#2b2f31', mesh: '#1c1f21', spacing: 2.5 }))
  warmOverlay(sc, env)
})

function repairScene(sc, o) {
  const env = { sky: o.sky, grass: 'summer', mtnAmp: 160 }
  const cam = camera({ hz: 400, ch: 1.6, vx: 600 })
  sc.sunV = [0.4, -0.3]
  backdrop(sc, cam, env)
  sc.add(leafy(sc, cam, -6, 24, 9), pine(sc, cam, 5, 26, 11), leafy(sc, cam, 12, 22, 8))
  sc.add(
    fence(sc, cam, {
      a: [-8, 6.5],
      b: [9, 6.5],
      type: 'privacy',
      h: 1.8,
      old: true,
      wear: 0.15,
      skip: o.newFrom ? [[o.newFrom + 8, 99]] : [],
    }),
  )
  if (o.newFrom)
    sc.add(fence(sc, cam, { a: [o.newFrom, 6.5], b: [9, 6.5], type: 'privacy', h: 1.8, shadow: false, posts: false, spacing: 2.4 }))
  else {
    sc.add(
      fence(sc, cam, {
        a: [-2.4, 6.5],
        b: [0.2, 6.5],
        type: 'privacy',
        h: 1.8,
        shadow: false,
        posts: false,
        spacing: 2.6,
        skip: [
          [0, 0.6],
          [1.2, 1.6],
        ],
      }),
    )
    sc.add(
      fence(sc, cam, {
        a: [-2.4, 6.5],
        b: [0.2, 6.5],
        type: 'privacy',
        h: 1.8,
        shadow: false,
        posts: false,
        trim: false,
        skip: [
          [0, 1.6],
          [2.0, 3],
        ],
        spacing: 2.6,
      }),
    )
  }
  o.props(sc, cam)
  warmOverlay(sc, env)
}
scene('fence-repair-1', 18, (sc) =>
  repairScene(sc, {
    sky: 'day',
    props: (sc, cam) =>
      sc.add(
        boardPile(sc, cam, 1.3, 4.2),
        sawhorse(sc, cam, -1.8, 4.6),
        toolbox(sc, cam, -0.6, 4.4),
        tufts(sc, cam, -4, 4, 4, 4, '#4a7f2c', 30),
      ),
  }),
)
scene('fence-repair-2', 19, (sc) =>
  repairScene(sc, {
    sky: 'golden',
    newFrom: 0.2,
    props: (sc, cam) =>
      sc.add(
        wheelbarrow(sc, cam, -2.4, 4.4),
        box(sc, cam, -0.6, -0.15, 0, 0.28, 4.6, 4.9, '#b9b4aa', '#cfcac0'),
        box(sc, cam, -0.15, 0.3, 0, 0.28, 4.7, 5.0, '#b9b4aa', '#cfcac0'),
        toolbox(sc, cam, 1.4, 4.5, '#d35400'),
      ),
  }),
)

function deckScene(sc, o) {
  const env = { sky: o.sky, grass: o.grass ?? 'summer', mtnAmp: 160, mountains: false }
  const cam = camera({ hz: 380, ch: o.ch ?? 2.4, vx: 600 })
  sc.sunV = [0.4, -0.25]
  backdrop(sc, cam, env)
  sc.add(pine(sc, cam, -14, 30, 14), leafy(sc, cam, -9, 24, 9))
  sc.add(fence(sc, cam, { a: [-30, 22], b: [-5, 22], type: 'privacy', h: 1.8 }))
  sc.add(house(sc, cam, { x0: -4, x1: 16, z0: 12, depth: 10, h: 3.6, roofH: 2, style: 'hip', floor: o.h, pal: o.pal, doorU: 3.3 }))
  const lights = o.lights
    ? stringLights(
        sc,
        cam,
        [
          [-3.8, o.h + 2.4, 11.9],
          [-3.8, o.h + 1.9, o.z0 + 0.05],
          [1.5, o.h + 2.1, o.z0 + 0.05],
          [5.5, o.h + 1.95, o.z0 + 0.05],
          [5.5, o.h + 2.4, 11.9],
        ],
        0.3,
      )
    : ''
  sc.add(
    deck(sc, cam, {
      x0: -3.8,
      x1: 5.6,
      z0: o.z0,
      z1: 12,
      h: o.h,
      col: o.col,
      rail: o.rail,
      railTop: o.railTop,
      stairs: [1.6, 3.1],
      old: o.old,
    }),
  )
  if (lights) sc.add(lights)
  if (o.pots)
    for (const x of [-3.2, 0.6, 4.4])
      sc.add(
        box(sc, cam, x, x + 0.5, o.h, o.h + 0.45, o.z0 + 0.4, o.z0 + 0.9, '#a0522d'),
        bush(sc, cam, x + 0.25, o.z0 + 0.65, 0.7, '#4d8a3c', FLOWERS, o.h + 0.45),
      )
  sc.add(
    bush(sc, cam, -2.5, o.z0 - 1.2, 1.1, '#3f7d35', FLOWERS),
    bush(sc, cam, 4.6, o.z0 - 1.3, 1.2, '#3f7d35'),
    leafy(sc, cam, 9, 14, 7, '#5b9a3e'),
  )
  if (o.old) sc.add(tufts(sc, cam, -4, o.z0 - 0.2, 8, o.z0 - 0.2, '#8a8f3a', 80))
  warmOverlay(sc, env)
}
const deckA = { sky: 'day', h: 1.0, z0: 8, col: '#7a5a44', rail: '#222222', railTop: '#5b4332', pal: HOUSES[0], pots: true }
scene('deck-1', 21, (sc) => deckScene(sc, deckA))
scene('after-deck', 21, (sc) => deckScene(sc, deckA))
scene('before-deck', 21, (sc) => deckScene(sc, { ...deckA, old: true, pots: false, grass: 'dry' }))
scene('deck-2', 22, (sc) =>
  deckScene(sc, {
    sky: 'dusk',
    grass: 'dusk',
    h: 1.2,
    z0: 8,
    col: '#b07a4a',
    rail: '#b07a4a',
    railTop: '#9a6a40',
    pal: HOUSES[2],
    lights: true,
    pots: true,
  }),
)
scene('deck-3', 23, (sc) =>
  deckScene(sc, {
    sky: 'morning',
    grass: 'lush',
    h: 0.6,
    z0: 7.5,
    ch: 2.1,
    col: '#8d8f8c',
    rail: '#1f1f1f',
    railTop: '#555855',
    pal: HOUSES[6],
    pots: true,
  }),
)

function drivewayScene(sc, o) {
  const env = { sky: o.sky, grass: o.grass ?? 'summer', mtnAmp: 170, flatirons: o.flatirons }
  const cam = camera({ hz: 400, ch: 1.7, vx: o.vx ?? 560 })
  sc.sunV = [-0.45, -0.3]
  backdrop(sc, cam, env)
  sc.add(pine(sc, cam, -14, 30, 12), leafy(sc, cam, 12, 28, 9))
  sc.add(
    house(sc, cam, {
      x0: o.hx,
      x1: o.hx + 13,
      z0: 17,
      h: 3.2,
      roofH: 1.8,
      style: 'hip',
      pal: o.pal,
      garage: { u0: o.gu, u1: o.gu + 4.8 },
      chimney: o.hx + 2,
    }),
  )
  sc.add(
    concrete(sc, cam, {
      x0: o.hx + o.gu - 0.2,
      x1: o.hx + o.gu + 5,
      z0: 1.5,
      z1: 17,
      col: o.col,
      old: o.old,
      stamped: o.stamped,
      slab: 2.6,
    }),
  )
  sc.add(pavers(sc, cam, { x0: o.hx + o.gu - 2, x1: o.hx + o.gu - 0.9, z0: 8, z1: 16.4, colors: ['#c2b8a6', '#b0a590'] }))
  sc.add(
    bush(sc, cam, o.hx + 1, 16.4, 1.2),
    bush(sc, cam, o.hx + 3.2, 16.4, 1.1, '#4d8a3c', FLOWERS),
    leafy(sc, cam, o.hx - 2.5, 11, 7, '#5b9a3e'),
  )
  if (o.car) sc.add(carRear(sc, cam, o.hx + o.gu + 1.2, 9.5, o.car))
  if (o.old) sc.add(tufts(sc, cam, o.hx + o.gu - 0.2, 2, o.hx + o.gu - 0.2, 17, '#8a8f3a', 60))
  warmOverlay(sc, env)
}
const drivewayA = { sky: 'day', hx: -9, gu: 7.6, pal: HOUSES[0], col: '#cfccc4' }
scene('driveway-1', 31, (sc) => drivewayScene(sc, drivewayA))
scene('after-driveway', 31, (sc) => drivewayScene(sc, drivewayA))
scene('before-driveway', 31, (sc) => drivewayScene(sc, { ...drivewayA, old: true, col: '#b3ada2', grass: 'dry' }))
scene('driveway-2', 32, (sc) =>
  drivewayScene(sc, {
    sky: 'golden',
    hx: -2.5,
    gu: 0.6,
    vx: 640,
    pal: HOUSES[5],
    col: '#b79f86',
    stamped: true,
    car: '#2c4a6b',
    flatirons: true,
  }),
)

scene('patio-1', 41, (sc) => {
  const env = { sky: 'day', grass: 'summer', mtnAmp: 180 }
  const cam = camera({ hz: 380, ch: 1.9 })
  sc.sunV = [0.45, -0.3]
  backdrop(sc, cam, env)
  sc.add(leafy(sc, cam, -7, 22, 9), pine(sc, cam, 6, 24, 11))
  sc.add(fence(sc, cam, { a: [-14, 16], b: [14, 16], type: 'privacy', h: 1.85 }))
  sc.add(flowerBed(sc, cam, -6, 6, 14.6, 15.6, FLOWERS))
  sc.add(pavers(sc, cam, { x0: -4.5, x1: 4.5, z0: 4.2, z1: 11.5 }))
  sc.add(patioSet(sc, cam, -1.2, 8.5, { umbrella: '#2e6f73', chair: '#3b3b3b' }))
  sc.add(box(sc, cam, 2.4, 3.4, 0, 0.55, 9.5, 10.1, '#9a6a43', '#b27d52'), bush(sc, cam, 3.5, 11.2, 0.8, '#3f7d35', FLOWERS))
  warmOverlay(sc, env)
})
scene('patio-2', 42, (sc) => {
  const env = { sky: 'dusk', grass: 'dusk', mtnAmp: 190 }
  const cam = camera({ hz: 390, ch: 1.9 })
  sc.sunV = [0.3, 0.3]
  backdrop(sc, cam, { ...env, sunAt: [900, 340] })
  sc.add(pine(sc, cam, -9, 24, 12, '#253f2a'), leafy(sc, cam, 7, 22, 9, '#3f6b35'))
  sc.add(fence(sc, cam, { a: [-14, 15], b: [14, 15], type: 'horizontal', h: 1.8, palette: ['#7b4f33', '#8a5a3a', '#6f4630'] }))
  sc.add(flagstone(sc, cam, { x0: -4.5, x1: 4.5, z0: 4.3, z1: 12 }))
  sc.add(
    stringLights(
      sc,
      cam,
      [
        [-4.5, 2.6, 12],
        [0, 2.4, 12.5],
        [4.5, 2.6, 12],
      ],
      0.35,
    ),
    stringLights(
      sc,
      cam,
      [
        [-4.5, 2.6, 12],
        [-4.5, 2.5, 6],
      ],
      0.3,
    ),
  )
  for (const [x, z] of [
    [-4.5, 12],
    [4.5, 12],
    [-4.5, 6],
  ])
    sc.add(box(sc, cam, x - 0.05, x + 0.05, 0, 2.6, z, z + 0.1, '#2a2a2a'))
  sc.add(firePit(sc, cam, 0, 8.5))
  sc.add(chair(sc, cam, -2, 9.8, '#b5651d'), chair(sc, cam, 2, 9.8, '#b5651d'), chair(sc, cam, 0, 11, '#b5651d'))
  warmOverlay(sc, env)
})
scene('patio-3', 43, (sc) => {
  const env = { sky: 'morning', grass: 'spring', mtnAmp: 150 }
  const cam = camera({ hz: 420, ch: 1.6 })
  sc.sunV = [0.5, -0.3]
  backdrop(sc, cam, env)
  sc.add(leafy(sc, cam, -10, 22, 9), leafy(sc, cam, 10, 24, 10, '#5b9a3e'))
  sc.add(house(sc, cam, { x0: -5, x1: 5, z0: 13, h: 3, roofH: 2.4, pal: HOUSES[3], doorU: 4.5, shutters: '#23343f' }))
  sc.add(
    pavers(sc, cam, {
      x0: -0.8,
      x1: 0.8,
      z0: 2.5,
      z1: 12.4,
      pw: 0.4,
      pd: 0.2,
      colors: ['#a45b45', '#b46a50', '#94503d', '#ba7358'],
      border: '#5d3a2c',
    }),
  )
  sc.add(
    flowerBed(sc, cam, -4, -1.2, 7, 9, FLOWERS),
    flowerBed(sc, cam, 1.2, 4, 7, 9, FLOWERS),
    bush(sc, cam, -3, 12.5, 1.2),
    bush(sc, cam, 3, 12.5, 1.2),
  )
  warmOverlay(sc, env)
})

function wallScene(sc, o) {
  const env = { sky: o.sky, grass: o.grass, mtnAmp: 200, flatirons: o.flatirons, flatironsX: 500 }
  const cam = camera({ hz: 360, ch: 1.6 })
  sc.sunV = [0.4, -0.3]
  backdrop(sc, cam, env)
  const back =
    o.tiers === 2
      ? retainingWall(sc, cam, {
          xa: -12,
          xb: 12,
          z0: 11.5,
          bulge: 0.8,
          h: 1.0,
          base: 1.1,
          colors: o.colors,
          cap: o.cap,
          bed: GRASS[o.grass].near,
        })
      : null
  if (back) {
    sc.add(house(sc, cam, { x0: -3, x1: 7, z0: 24, h: 3, roofH: 1.8, style: 'hip', pal: HOUSES[5] }))
    sc.add(pine(sc, cam, -8, 22, 9, '#2f5d3a', 2.1), pine(sc, cam, -5, 23, 10, '#2f5d3a', 2.1))
    sc.add(back.svg)
    for (let x = -8; x < 8; x += 1.3)
      sc.add(bush(sc, cam, x, 12.6 + 0.8 * (x / 12) ** 2, 0.8, sc.pick(['#4d8a3c', '#5f9a45']), FLOWERS, 2.1))
  } else {
    sc.add(house(sc, cam, { x0: -6, x1: 4, z0: 20, h: 5.4, roofH: 2, style: 'hip', pal: HOUSES[4] }))
    sc.add(leafy(sc, cam, 8, 22, 9))
  }
  const wall = retainingWall(sc, cam, {
    xa: -10,
    xb: 10,
    z0: 6.5,
    bulge: 1.4,
    h: o.h,
    colors: o.colors,
    cap: o.cap,
    bed: o.tiers === 2 ? '#5b4232' : '#5b4232',
  })
  sc.add(wall.svg)
  for (let x = -6; x < 6.5; x += 1.1)
    sc.add(
      bush(
        sc,
        cam,
        x,
        wall.zAt(x) + 0.8,
        sc.rand(0.7, 1.1),
        sc.pick(['#3f7d35', '#4d8a3c', '#5f9a45']),
        sc.r() < 0.6 ? FLOWERS : null,
        o.h,
      ),
    )
  if (!back) for (const x of [-3, 3]) sc.add(leafy(sc, cam, x, wall.zAt(x) + 3, 4.5, '#5b9a3e', o.h))
  warmOverlay(sc, env)
}
scene('retaining-wall-1', 51, (sc) =>
  wallScene(sc, {
    sky: 'day',
    grass: 'summer',
    h: 1.0,
    colors: ['#b8ad9c', '#a89d8c', '#c4baa9', '#9d9282'],
    cap: '#8f8577',
    flatirons: true,
  }),
)
scene('retaining-wall-2', 52, (sc) =>
  wallScene(sc, { sky: 'soft', grass: 'lush', h: 1.1, tiers: 2, colors: ['#c59a6d', '#b88a5e', '#d1a87b', '#a97c53'], cap: '#9c7754' }),
)

scene('gate-1', 61, (sc) => {
  const env = { sky: 'day', grass: 'summer', mtnAmp: 180, flatirons: true, flatironsX: 760 }
  const cam = camera({ hz: 420, ch: 1.6 })
  sc.sunV = [0.45, -0.3]
  backdrop(sc, cam, env)
  sc.add(leafy(sc, cam, -6, 16, 8.5), pine(sc, cam, 4, 18, 10), leafy(sc, cam, 9, 15, 7))
  sc.add(fence(sc, cam, { a: [-9, 7.5], b: [9, 7.5], type: 'privacy', h: 1.85, skip: [[7.2, 10.8]], spacing: 2.6 }))
  sc.add(woodGate(sc, cam, -1.75, 1.75, 7.5, 1.85, 0.32))
  sc.add(pavers(sc, cam, { x0: -1.2, x1: 1.2, z0: 2, z1: 7.45, pw: 0.45, pd: 0.45, colors: ['#cfc6b6', '#bdb3a2', '#d9d1c2'] }))
  sc.add(flowerBed(sc, cam, -5.5, -2.2, 6.1, 7.1, FLOWERS), flowerBed(sc, cam, 2.2, 5.5, 6.1, 7.1, FLOWERS))
  warmOverlay(sc, env)
})
scene('gate-2', 62, (sc) => {
  const env = { sky: 'golden', grass: 'summer', mtnAmp: 200, flatirons: true, flatironsX: 100 }
  const cam = camera({ hz: 410, ch: 1.6 })
  sc.sunV = [-0.5, -0.2]
  backdrop(sc, cam, { ...env, sunAt: [1000, 330] })
  sc.add(house(sc, cam, { x0: -5, x1: 6, z0: 34, h: 5.6, roofH: 2.4, style: 'hip', pal: HOUSES[5] }))
  sc.add(pine(sc, cam, -9, 28, 12), pine(sc, cam, 9, 30, 12), leafy(sc, cam, -4, 22, 8), leafy(sc, cam, 5, 20, 8))
  sc.add(pavers(sc, cam, { x0: -2, x1: 2, z0: 4, z1: 33.5, pw: 0.8, pd: 0.4, colors: ['#b7a58c', '#a89478', '#c4b399'] }))
  sc.add(
    fence(sc, cam, { a: [-14, 9], b: [-2.9, 9], type: 'iron', h: 1.5 }),
    fence(sc, cam, { a: [2.9, 9], b: [14, 9], type: 'iron', h: 1.5 }),
  )
  sc.add(ironGate(sc, cam, -2.25, 2.25, 9, 1.6, 0.4))
  sc.add(stonePillar(sc, cam, -2.95, 8.7, 0.7, 2.0), stonePillar(sc, cam, 2.25, 8.7, 0.7, 2.0))
  sc.add(bush(sc, cam, -4.2, 8.2, 1.1, '#3f7d35', FLOWERS), bush(sc, cam, 4.3, 8.2, 1.1, '#3f7d35', FLOWERS))
  warmOverlay(sc, env)
})

function pergolaScene(sc, o) {
  const env = { sky: o.sky, grass: o.grass, mtnAmp: 180 }
  const cam = camera({ hz: 380, ch: 1.7 })
  sc.sunV = [0.35, -0.3]
  backdrop(sc, cam, env)
  sc.add(leafy(sc, cam, -9, 22, 9), pine(sc, cam, 8, 24, 11))
  sc.add(fence(sc, cam, { a: [-14, 17], b: [14, 17], type: o.fence, h: 1.8, palette: o.fencePal }))
  if (o.stone) sc.add(flagstone(sc, cam, { x0: -3.6, x1: 3.6, z0: 6.5, z1: 12.5 }))
  else sc.add(pavers(sc, cam, { x0: -3.6, x1: 3.6, z0: 6.5, z1: 12.5, colors: ['#c9c1b3', '#b9b0a0', '#d5cdbf'] }))
  sc.add(pergola(sc, cam, { x0: -3, x1: 3, z0: 7.5, z1: 11.5, h: 2.6, col: o.col, vines: o.vines }))
  sc.add(patioSet(sc, cam, 0, 10, { chair: o.chair }))
  sc.add(bush(sc, cam, -4.5, 8, 1.1, '#3f7d35', FLOWERS), bush(sc, cam, 4.5, 8.5, 1.2))
  warmOverlay(sc, env)
}
scene('pergola-1', 71, (sc) => pergolaScene(sc, { sky: 'day', grass: 'summer', col: '#a8703f', fence: 'privacy', chair: '#2f2f2f' }))
scene('pergola-2', 72, (sc) =>
  pergolaScene(sc, {
    sky: 'golden',
    grass: 'lush',
    col: '#4a3a2e',
    fence: 'horizontal',
    fencePal: ['#9a6842', '#8a5a3a', '#a8754b'],
    vines: true,
    stone: true,
    chair: '#f2efe8',
  }),
)

scene('fence-iron-1', 81, (sc) => {
  const env = { sky: 'day', grass: 'lush', mtnAmp: 160 }
  const cam = camera({ hz: 430, ch: 1.5 })
  sc.sunV = [0.45, -0.3]
  backdrop(sc, cam, env)
  sc.add(leafy(sc, cam, -10, 22, 10), leafy(sc, cam, 10, 20, 9))
  sc.add(house(sc, cam, { x0: -6, x1: 6, z0: 15, h: 5.6, roofH: 2.4, style: 'hip', pal: HOUSES[5], doorU: 5.5, chimney: -3 }))
  sc.add(pavers(sc, cam, { x0: -0.7, x1: 0.7, z0: 5.5, z1: 14.4, colors: ['#b0a089', '#c2b39b'] }))
  for (let x = -6.5; x < 7; x += 1.2) if (Math.abs(x + 0.3) > 1.4) sc.add(bush(sc, cam, x, 14.2, 1.3, '#2f6a2e'))
  sc.add(fence(sc, cam, { a: [-7, 5.5], b: [7, 5.5], type: 'iron', h: 1.4, skip: [[6.0, 8.0]], spacing: 2 }))
  sc.add(ironGate(sc, cam, -0.95, 0.95, 5.5, 1.3, 0.2))
  sc.add(flowerBed(sc, cam, -5, -1.5, 4.4, 5.2, FLOWERS), flowerBed(sc, cam, 1.5, 5, 4.4, 5.2, FLOWERS))
  warmOverlay(sc, env)
})
scene('fence-iron-2', 82, (sc) => {
  const env = { sky: 'bright', grass: 'summer', mtnAmp: 200, flatirons: true, flatironsX: 300 }
  const cam = camera({ hz: 390, ch: 1.7, vx: 640 })
  sc.sunV = [-0.4, -0.3]
  backdrop(sc, cam, env)
  sc.add(leafy(sc, cam, -12, 30, 9), pine(sc, cam, 12, 30, 12))
  sc.add(
    fence(sc, cam, { a: [-20, 22], b: [-4.5, 22], type: 'iron', h: 1.4 }),
    fence(sc, cam, { a: [-4.5, 22], b: [-4.5, 3], type: 'iron', h: 1.4 }),
  )
  sc.add(pool(sc, cam, -2.5, 3.5, 8, 18))
  for (const z of [9, 12]) sc.add(box(sc, cam, 4.8, 5.5, 0, 0.35, z, z + 1.9, '#f2f0ea', '#c0392b'))
  sc.add(patioSet(sc, cam, 6.5, 16, { umbrella: '#c0392b', chair: '#f2efe8' }))
  warmOverlay(sc, env)
})

// stock: houses with yards
function yardScene(sc, o) {
  const env = { sky: o.sky, grass: o.grass, mtnAmp: o.mtn ?? 180, flatirons: o.flatirons, mountains: o.mountains }
  const cam = camera({ hz: o.hz ?? 420, ch: 1.6, vx: o.vx ?? 600 })
  sc.sunV = o.sunV ?? [0.45, -0.3]
  backdrop(sc, cam, env)
  o.draw(sc, cam)
  warmOverlay(sc, env)
}
scene('yard-1', 91, (sc) =>
  yardScene(sc, {
    sky: 'day',
    grass: 'lush',
    draw: (sc, cam) => {
      sc.add(leafy(sc, cam, -12, 26, 10), pine(sc, cam, 11, 28, 12))
      sc.add(house(sc, cam, { x0: -6, x1: 6, z0: 18, h: 5.6, roofH: 2.6, pal: HOUSES[4], shutters: '#2c3e50', doorU: 5.5 }))
      sc.add(
        pavers(sc, cam, { x0: -0.6, x1: 0.6, z0: 3, z1: 17.4 }),
        bush(sc, cam, -3, 17.6, 1.3),
        bush(sc, cam, 3, 17.6, 1.3),
        leafy(sc, cam, -6, 10, 7, '#5b9a3e'),
      )
    },
  }),
)
scene('yard-2', 92, (sc) =>
  yardScene(sc, {
    sky: 'morning',
    grass: 'dry',
    flatirons: true,
    mtn: 220,
    draw: (sc, cam) => {
      sc.add(pine(sc, cam, -9, 24, 11), pine(sc, cam, -6, 27, 9), leafy(sc, cam, 10, 22, 8))
      sc.add(house(sc, cam, { x0: -7, x1: 7, z0: 20, h: 2.9, roofH: 1.5, style: 'hip', pal: HOUSES[5], garage: { u0: 9, u1: 13 } }))
      sc.add(
        concrete(sc, cam, { x0: 2, x1: 6.2, z0: 2, z1: 20 }),
        fence(sc, cam, { a: [-12, 9], b: [-1, 9], type: 'picket', h: 1.0, color: '#c58a55' }),
      )
    },
  }),
)
scene('yard-3', 93, (sc) =>
  yardScene(sc, {
    sky: 'soft',
    grass: 'summer',
    hz: 400,
    draw: (sc, cam) => {
      sc.add(
        house(sc, cam, { x0: -22, x1: -13, z0: 26, h: 3, roofH: 2.4, pal: HOUSES[3] }),
        house(sc, cam, { x0: -9, x1: 0, z0: 26, h: 5.6, roofH: 2.2, style: 'hip', pal: HOUSES[0] }),
      )
      sc.add(house(sc, cam, { x0: 4, x1: 13, z0: 26, h: 3, roofH: 2.6, pal: HOUSES[1] }))
      for (const x of [-11, 2, 15]) sc.add(leafy(sc, cam, x, 22, 8))
      sc.add(
        poly3(
          cam,
          [
            [-40, 0, 14],
            [40, 0, 14],
            [40, 0, 18],
            [-40, 0, 18],
          ],
          '#c9c6bf',
        ),
        poly3(
          cam,
          [
            [-40, 0, 4],
            [40, 0, 4],
            [40, 0, 12],
            [-40, 0, 12],
          ],
          '#4b4f54',
        ),
      )
      sc.add(
        pline(
          proj(cam, [
            [-40, 0.01, 8],
            [40, 0.01, 8],
          ]),
          '#f2d15c',
          3,
          'stroke-dasharray="40 30"',
        ),
      )
      sc.add(
        poly3(
          cam,
          [
            [-40, 0, 12],
            [40, 0, 12],
            [40, 0, 12.3],
            [-40, 0, 12.3],
          ],
          '#e3e0d8',
        ),
      )
    },
  }),
)
scene('yard-4', 94, (sc) =>
  yardScene(sc, {
    sky: 'bright',
    grass: 'lush',
    mountains: false,
    draw: (sc, cam) => {
      sc.add(fence(sc, cam, { a: [-16, 18], b: [16, 18], type: 'privacy', h: 1.85 }))
      sc.add(leafy(sc, cam, -5, 14, 9, '#4f8a3a'), pine(sc, cam, 8, 21, 11))
      sc.add(flowerBed(sc, cam, -8, 8, 16.5, 17.6, FLOWERS))
      sc.add(pavers(sc, cam, { x0: 0.5, x1: 4.5, z0: 8, z1: 11 }), patioSet(sc, cam, 2.5, 9.6, { umbrella: '#f2a65a', chair: '#3b3b3b' }))
    },
  }),
)
scene('yard-5', 95, (sc) =>
  yardScene(sc, {
    sky: 'golden',
    grass: 'autumn',
    flatirons: true,
    draw: (sc, cam) => {
      sc.add(
        house(sc, cam, {
          x0: -9,
          x1: -1,
          z0: 24,
          h: 5.4,
          roofH: 3.2,
          pal: { wall: '#f2eee6', roof: '#2f3438', trim: '#ffffff', door: '#9b2c2c' },
        }),
      )
      sc.add(
        house(sc, cam, {
          x0: 4,
          x1: 11,
          z0: 30,
          h: 4,
          roofH: 3.2,
          pal: { wall: '#8e2f2a', roof: '#3b3b3b', trim: '#f4efe6', door: '#f4efe6' },
        }),
      )
      sc.add(leafy(sc, cam, 1.5, 20, 9, '#b08a3a'), leafy(sc, cam, -12, 22, 9, '#c07a2e'))
      sc.add(
        fence(sc, cam, {
          a: [-14, 10],
          b: [14, 10],
          type: 'horizontal',
          h: 1.2,
          palette: ['#f4f1ea', '#eae6dd'],
          postColor: '#f4f1ea',
          spacing: 3,
        }),
      )
    },
  }),
)
scene('yard-6', 96, (sc) =>
  yardScene(sc, {
    sky: 'morning',
    grass: 'spring',
    draw: (sc, cam) => {
      sc.add(leafy(sc, cam, 9, 20, 9, '#5b9a3e'), pine(sc, cam, -9, 22, 10))
      sc.add(
        house(sc, cam, {
          x0: -4,
          x1: 4,
          z0: 15,
          h: 3,
          roofH: 2.8,
          pal: { wall: '#f6e7c8', roof: '#5b6b57', trim: '#ffffff', door: '#2f6f73' },
          shutters: '#5b6b57',
          chimney: -2,
        }),
      )
      sc.add(flagstone(sc, cam, { x0: -0.7, x1: 0.7, z0: 3, z1: 14.4, cell: 0.7 }))
      sc.add(flowerBed(sc, cam, -5, -1.2, 5, 8, FLOWERS), flowerBed(sc, cam, 1.2, 5, 5, 8, FLOWERS))
      sc.add(fence(sc, cam, { a: [-8, 3.5], b: [8, 3.5], type: 'picket', h: 1.0, color: '#f7f6f1', skip: [[7.1, 8.9]] }))
    },
  }),
)

scene('poster-promo', 101, (sc) => {
  const env = { sky: 'golden', grass: 'summer', flatirons: true, flatironsX: 380 }
  const cam = camera({ hz: 420, ch: 1.6 })
  sc.sunV = [-0.5, -0.2]
  backdrop(sc, cam, { ...env, sunAt: [1050, 300] })
  sc.add(leafy(sc, cam, -10, 24, 9), pine(sc, cam, 9, 26, 11))
  sc.add(house(sc, cam, { x0: -4, x1: 6, z0: 20, h: 3.1, roofH: 2.4, pal: HOUSES[2], doorU: 4.5 }))
  sc.add(fence(sc, cam, { a: [-12, 14], b: [12, 14], type: 'privacy', h: 1.85, skip: [[10.6, 13.4]], spacing: 2.4 }))
  sc.add(woodGate(sc, cam, -1.4, 1.4, 14, 1.85, 0.28))
  sc.add(
    poly3(
      cam,
      [
        [-1.2, 0, 12],
        [1.2, 0, 12],
        [1.2, 0, 13.95],
        [-1.2, 0, 13.95],
      ],
      '#cfc6b6',
    ),
  )
  sc.add(
    poly3(
      cam,
      [
        [-20, 0, 5],
        [20, 0, 5],
        [20, 0, 11.2],
        [-20, 0, 11.2],
      ],
      '#55595e',
    ),
    poly3(
      cam,
      [
        [-20, 0, 11.2],
        [20, 0, 11.2],
        [20, 0, 12.0],
        [-20, 0, 12.0],
      ],
      '#d8d4cc',
    ),
  )
  sc.add(
    pline(
      proj(cam, [
        [-20, 0.01, 7],
        [20, 0.01, 7],
      ]),
      '#e9e4d6',
      2,
      'stroke-dasharray="30 26" opacity="0.8"',
    ),
  )
  sc.add(truck(sc, cam, -4.7, 9.4, { col: '#f5f4ef', stripe: '#1d4d3a', lumber: true, rack: true }))
  warmOverlay(sc, env)
})
scene('contact-crew', 102, (sc) => {
  const env = { sky: 'day', grass: 'lush', flatirons: true, flatironsX: 620 }
  const cam = camera({ hz: 420, ch: 1.6 })
  sc.sunV = [0.45, -0.3]
  backdrop(sc, cam, env)
  sc.add(pine(sc, cam, -8, 22, 11), leafy(sc, cam, 6, 20, 9))
  sc.add(fence(sc, cam, { a: [-12, 11], b: [12, 11], type: 'privacy', h: 1.85 }))
  sc.add(
    poly3(
      cam,
      [
        [-20, 0, 3.2],
        [20, 0, 3.2],
        [20, 0, 8.6],
        [-20, 0, 8.6],
      ],
      '#9a958c',
    ),
  )
  sc.add(boardPile(sc, cam, 3.4, 8.4, CEDAR, 9, 2.2), sawhorse(sc, cam, 2.3, 9.4), toolbox(sc, cam, 2.4, 8.0))
  sc.add(truck(sc, cam, -4.3, 8.2, { col: '#1d4d3a', stripe: '#b45309', lumber: true, rack: true }))
  warmOverlay(sc, env)
})

// ───────────────────────── brand & badges ─────────────────────────
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
function logoSvg() {
  return svgDoc(
    400,
    120,
    mark(6, 10, 1) +
      `<text x="116" y="62" ${FONT} font-weight="700" font-size="44" fill="${BRAND.ink}" letter-spacing="0.3">SUMMIT RIDGE</text>` +
      `<rect x="117" y="74" width="272" height="3" fill="${BRAND.cedar}"/>` +
      `<text x="117" y="102" ${FONT} font-weight="700" font-size="21" fill="${BRAND.green}" letter-spacing="3.1">FENCE &amp; CONSTRUCTION</text>`,
  )
}
const faviconSvg = (n) => svgDoc(n, n, mark(0, 0, n / 100, BRAND.green))

/** Generic glyphs drawn in a 40×40 box (no third-party artwork). */
const GLYPH = {
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
function badgeSvg(label, color, glyph) {
  return svgDoc(
    240,
    80,
    `<rect x="1" y="1" width="238" height="78" rx="14" fill="#ffffff" stroke="#d5d9d7" stroke-width="2"/>` +
      `<rect x="12" y="12" width="56" height="56" rx="12" fill="${color}"/>` +
      `<g transform="translate(20 20)" color="${color}">${glyph}</g>` +
      `<text x="82" y="49" ${FONT_W} font-weight="700" font-size="${label.length > 11 ? 17 : 21}" fill="#1f2a26">${esc(label)}</text>`,
  )
}
function brandStripSvg() {
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
function paymentStripSvg() {
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
function gmbSvg() {
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

const BADGES = {
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

/** ICO file holding one PNG image (PNG-in-ICO is valid since Windows Vista and in every browser). */
function icoFromPng(png, size) {
  const header = Buffer.alloc(22)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(1, 4)
  header.writeUInt8(size >= 256 ? 0 : size, 6)
  header.writeUInt8(size >= 256 ? 0 : size, 7)
  header.writeUInt8(0, 8)
  header.writeUInt8(0, 9)
  header.writeUInt16LE(1, 10)
  header.writeUInt16LE(32, 12)
  header.writeUInt32LE(png.length, 14)
  header.writeUInt32LE(22, 18)
  return Buffer.concat([header, png])
}

async function writeSmall() {
  // Every demo .webp gets a half-width "-600" sibling: the site's srcset rule expects one beside each picture.
  const webp = async (svg, file, q = 85) => {
    const img = sharp(Buffer.from(svg))
    const { width, height } = await img.metadata()
    await img.clone().webp({ quality: q, alphaQuality: 90, effort: 6 }).toFile(path.join(OUT, file))
    await img
      .clone()
      .resize(Math.round(width / 2), Math.round(height / 2))
      .webp({ quality: q, alphaQuality: 90, effort: 6 })
      .toFile(path.join(OUT, file.replace(/\.webp$/, '-600.webp')))
  }
  await webp(logoSvg(), 'logo.webp', 90)
  await sharp(Buffer.from(faviconSvg(64)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, 'favicon.png'))
  const png32 = await sharp(Buffer.from(faviconSvg(32)))
    .png({ compressionLevel: 9 })
    .toBuffer()
  await writeFile(path.join(root, 'public/favicon.ico'), icoFromPng(png32, 32))
  for (const [file, [label, color, glyph]] of Object.entries(BADGES)) await webp(badgeSvg(label, color, glyph), `${file}.webp`)
  await webp(brandStripSvg(), 'brand-logos.webp')
  await webp(paymentStripSvg(), 'payment-methods.webp')
  await webp(gmbSvg(), 'gmb.webp')
  if (process.env.DEBUG_PNG) {
    const dbg = {
      logo: logoSvg(),
      favicon: faviconSvg(64),
      brands: brandStripSvg(),
      pay: paymentStripSvg(),
      gmb: gmbSvg(),
      badge: badgeSvg('HomeAdvisor', '#e0701e', GLYPH.check),
      badge2: badgeSvg('Instagram', '#b1346b', GLYPH.camera),
    }
    for (const [k, v] of Object.entries(dbg))
      await sharp(Buffer.from(v)).flatten({ background: '#eeeeee' }).png().toFile(`/tmp/small-${k}.png`)
  }
}

// ───────────────────────── output ─────────────────────────
async function writeWebp(svg, file, width, height, q = QUALITY) {
  await sharp(Buffer.from(svg)).resize(width, height).webp({ quality: q, effort: 6 }).toFile(path.join(OUT, file))
}

async function main() {
  await mkdir(OUT, { recursive: true })
  const only = process.argv[2]
  if (!only || only === 'small') await writeSmall()
  for (const [name, def] of Object.entries(SCENES)) {
    if (only && !name.includes(only)) continue
    const sc = new Scene(def.seed)
    def.draw(sc, def.opts)
    const svg = sc.toSVG()
    await writeWebp(svg, `${name}.webp`, W, H)
    await writeWebp(svg, `${name}-600.webp`, 600, 400)
    if (process.env.DEBUG_PNG) await sharp(Buffer.from(svg)).resize(600, 400).png().toFile(`/tmp/demo-${name}.png`)
  }
  const files = await readdir(OUT)
  let total = 0
  for (const f of files) total += (await stat(path.join(OUT, f))).size
  console.log(`${files.length} files in public/demo/images, ${(total / 1024).toFixed(0)} KiB`)
}
await main()
