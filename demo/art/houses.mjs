// Houses: walls, siding, windows, doors, garages and roofs.
import { circ, dark, lerp3, line, pline, sub } from './svg.mjs'
import { box, boxFaces, poly3, proj, quadAt, solid, subQuad } from './camera.mjs'

export function glass(sc) {
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
export function house(sc, cam, o) {
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
