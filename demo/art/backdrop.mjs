// Sky, mountains, hills, tree lines and ground: what stands behind every scene.
import { P, circ, dark, ell, light, mix, pathD, poly, r1, rect } from './svg.mjs'
import { poly3 } from './camera.mjs'
import { GRASS, SKY } from './palettes.mjs'

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

export function backdrop(sc, cam, o) {
  sky(sc, cam, o)
  if (o.mountains !== false) mountains(sc, cam, o)
  hills(sc, cam, o)
  if (o.treeLine !== false) treeLine(sc, cam, o)
  ground(sc, cam, o)
}

export function warmOverlay(sc, o) {
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
