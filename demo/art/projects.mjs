// The project photos: each service's pictures and the before/after pairs.
import { mulberry32 } from './svg.mjs'
import { scene } from './scene.mjs'
import { box, camera, poly3 } from './camera.mjs'
import { FLOWERS, GRASS, HOUSES } from './palettes.mjs'
import { backdrop, warmOverlay } from './backdrop.mjs'
import { bush, flowerBed, leafy, pine, tufts } from './vegetation.mjs'
import { house } from './houses.mjs'
import { fence } from './fences.mjs'
import {
  chair,
  concrete,
  deck,
  firePit,
  flagstone,
  ironGate,
  patioSet,
  pavers,
  pergola,
  pool,
  retainingWall,
  stonePillar,
  stringLights,
  woodGate,
} from './hardscape.mjs'
import { boardPile, carRear, sawhorse, toolbox, wheelbarrow } from './props.mjs'

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
