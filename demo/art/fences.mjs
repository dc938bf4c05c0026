// Fences of every kind (privacy, picket, vinyl, chain link, iron), new or weathered.
import { circ, dark, dot, light, line, pline, r1, sub } from './svg.mjs'
import { box, poly3, proj, solid } from './camera.mjs'
import { CEDAR, WEATHERED } from './palettes.mjs'
import { tufts } from './vegetation.mjs'

/**
 * A straight fence run from a=[X,Z] to b=[X,Z]. Types: privacy (cedar dog-ear boards),
 * picket, vinyl (privacy panels, optional lattice), chain, iron, horizontal (slats).
 * `old` weathers it: grey boards, gaps, leaning and broken pieces.
 */
export function fence(sc, cam, o) {
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
