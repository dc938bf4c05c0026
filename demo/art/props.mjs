// Small props: tools, boards, a wheelbarrow, a truck, a car.
import { circ, dark, ell, light, line, pline, poly, rect } from './svg.mjs'
import { box, poly3, proj, solid, subQuad } from './camera.mjs'
import { CEDAR } from './palettes.mjs'
import { glass } from './houses.mjs'

// small props
export function toolbox(sc, cam, X, Z, col = '#c0392b') {
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
export function boardPile(sc, cam, X, Z, palette = CEDAR, n = 6, len = 1.9) {
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
export function wheelbarrow(sc, cam, X, Z, col = '#2e7d5b') {
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
export function sawhorse(sc, cam, X, Z, col = '#c99a5a') {
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
export function truck(sc, cam, X, Z, o = {}) {
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
export function carRear(sc, cam, X, Z, col = '#9b2335') {
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
