// Pavers, flagstone, concrete, decks, patio furniture, fire pits, pergolas, walls, gates and pools.
import { avg, circ, cross, dark, dot, ell, lerp, lerp3, light, line, mix, pline, poly, r1, rect, sub } from './svg.mjs'
import { box, poly3, proj, solid, subQuad } from './camera.mjs'
import { CEDAR, WEATHERED } from './palettes.mjs'
import { tufts } from './vegetation.mjs'

/** Rectangular pavers in running bond, with a darker soldier border. */
export function pavers(sc, cam, o) {
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
export function flagstone(sc, cam, o) {
  const { x0, x1, z0, z1, cell = 0.75, colors = ['#b67b5a', '#c99a72', '#a8725a', '#d2b08a', '#9b6b52'], grout = '#6a5a48' } = o
  const nx = Math.ceil((x1 - x0) / cell)
  const nz = Math.ceil((z1 - z0) / cell)
  /** @type {number[][][]} */
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
export function concrete(sc, cam, o) {
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
export function deck(sc, cam, o) {
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
export function patioSet(sc, cam, X, Z, o = {}) {
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
export function chair(sc, cam, X, Z, col) {
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
export function firePit(sc, cam, X, Z, lit = true) {
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
export function stringLights(sc, cam, pts3, sag = 0.35) {
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
export function pergola(sc, cam, o) {
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
export function retainingWall(sc, cam, o) {
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

export function stonePillar(sc, cam, x, z, w, h, col = '#a39a8c') {
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
export function ironGate(sc, cam, xa, xb, z, h = 1.6, arch = 0.35, col = '#1f2225') {
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
export function woodGate(sc, cam, xa, xb, z, h = 1.85, arch = 0.3, palette = CEDAR) {
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

export function pool(sc, cam, x0, x1, z0, z1) {
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
