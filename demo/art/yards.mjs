// Stock photos: houses with their yards, the promo poster, the crew.
import { pline } from './svg.mjs'
import { scene } from './scene.mjs'
import { camera, poly3, proj } from './camera.mjs'
import { CEDAR, FLOWERS, HOUSES } from './palettes.mjs'
import { backdrop, warmOverlay } from './backdrop.mjs'
import { bush, flowerBed, leafy, pine } from './vegetation.mjs'
import { house } from './houses.mjs'
import { fence } from './fences.mjs'
import { concrete, flagstone, patioSet, pavers, woodGate } from './hardscape.mjs'
import { boardPile, sawhorse, toolbox, truck } from './props.mjs'

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
