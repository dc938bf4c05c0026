// Shared colours: skies, grass, wood, house paint.
export const SKY = {
  day: { top: '#4a8ccf', bot: '#cfe5f3', sun: '#fffbe8', warm: 0 },
  bright: { top: '#3578c0', bot: '#b7daf0', sun: '#ffffff', warm: 0 },
  morning: { top: '#84b3de', bot: '#fae2c2', sun: '#fff3d4', warm: 0.05 },
  golden: { top: '#6a89c2', bot: '#f5c384', sun: '#ffe4a2', warm: 0.12 },
  dusk: { top: '#2f3b69', bot: '#ee9d74', sun: '#ffd9a0', warm: 0.16 },
  soft: { top: '#93afc9', bot: '#e5ebef', sun: '#ffffff', warm: 0 },
}
export const GRASS = {
  spring: { far: '#9cc468', near: '#4e8e2f' },
  summer: { far: '#88ae57', near: '#3d7b29' },
  lush: { far: '#7cb65a', near: '#2e7733' },
  dry: { far: '#bcb373', near: '#7d8b40' },
  autumn: { far: '#aaa35f', near: '#66793a' },
  dusk: { far: '#7a8c58', near: '#34522b' },
}
export const CEDAR = ['#b8733f', '#c4844c', '#a8652f', '#bd7a45', '#b06c3a']
export const WEATHERED = ['#9a948a', '#8b857b', '#a7a196', '#827b71', '#948b7e']
export const HOUSES = [
  { wall: '#e9e2d3', roof: '#4a4f57', trim: '#ffffff', door: '#7a2e22' },
  { wall: '#b9c7cf', roof: '#3f4650', trim: '#f7f7f2', door: '#2c4a6b' },
  { wall: '#d8c8a8', roof: '#5b4636', trim: '#fbf7ee', door: '#3c5a3a' },
  { wall: '#8fa39a', roof: '#33393f', trim: '#f2efe6', door: '#b3542d' },
  { wall: '#f1ede4', roof: '#6b3f31', trim: '#ffffff', door: '#1f3b57' },
  { wall: '#c9a88a', roof: '#3b3430', trim: '#f5efe3', door: '#6a3b24' },
  { wall: '#7d8f9f', roof: '#2d3238', trim: '#ffffff', door: '#c99a3a' },
]
export const FLOWERS = ['#e84a5f', '#f7c948', '#ffffff', '#b05cc8', '#ff8c42']
