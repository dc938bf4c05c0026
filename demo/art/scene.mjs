// A picture being drawn (its random generator, gradients, light), and the registry of named scenes.
import { H, W, dark, dot, light, mix, mulberry32, norm } from './svg.mjs'

export class Scene {
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

/** Every scene, by the name of its file; filled by the modules that draw them (projects, yards). */
export const SCENES = {}
export const scene = (name, seed, draw, opts = {}) => (SCENES[name] = { seed, draw, opts })
