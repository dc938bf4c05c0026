// The pinhole camera (metres in, pixels out) and flat-shaded solids on the ground plane.
import { avg, cross, dot, lerp3, poly, sub } from './svg.mjs'

/** Pinhole camera at (0, ch, 0) looking down +Z; X right, Y up, metres. */
export function camera({ f = 1000, ch = 1.6, hz = 420, vx = 600 } = {}) {
  const p = (X, Y, Z) => [vx + (f * X) / Z, hz - (f * (Y - ch)) / Z]
  return { f, ch, hz, vx, p, pos: [0, ch, 0], s: (Z) => f / Z }
}
export const proj = (cam, pts) => pts.map((q) => cam.p(q[0], q[1], q[2]))
export const poly3 = (cam, pts, fill, a = '') => poly(proj(cam, pts), fill, a)
/** Bilinear point on a 3D quad [p00, p10, p11, p01]. */
export const quadAt = (q, u, v) => lerp3(lerp3(q[0], q[1], u), lerp3(q[3], q[2], u), v)
export const subQuad = (q, u0, v0, u1, v1) => [quadAt(q, u0, v0), quadAt(q, u1, v0), quadAt(q, u1, v1), quadAt(q, u0, v1)]

/** A convex solid: only the faces turned to the camera are drawn, each shaded by its normal. */
export function solid(sc, cam, faces) {
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
export function boxFaces(x0, x1, y0, y1, z0, z1, fill, top = fill) {
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
export const box = (sc, cam, x0, x1, y0, y1, z0, z1, fill, top) => solid(sc, cam, boxFaces(x0, x1, y0, y1, z0, z1, fill, top)).svg
