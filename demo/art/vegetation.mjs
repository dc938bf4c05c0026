// Trees, bushes, grass tufts and flower beds.
import { circ, dark, ell, lerp, light, line, poly, rect } from './svg.mjs'
import { poly3 } from './camera.mjs'

function shadowBlob(sc, cam, X, Z, rx, a = 0.18) {
  const [x, y] = cam.p(X, 0, Z)
  const s = cam.s(Z)
  return ell(x + rx * s * 0.3, y, rx * s, rx * s * 0.22, '#1b2a12', `opacity="${a}"`)
}
export function pine(sc, cam, X, Z, h, col = '#2f5d3a', Y = 0) {
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
export function leafy(sc, cam, X, Z, h, col = '#4f8a3a', Y = 0) {
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
export function bush(sc, cam, X, Z, w, col = '#3f7d35', flowers, Y = 0) {
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
export function tufts(sc, cam, X0, Z0, X1, Z1, col, n = 40) {
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
export function flowerBed(sc, cam, X0, X1, Z0, Z1, colors, mulch = '#5a4030') {
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
