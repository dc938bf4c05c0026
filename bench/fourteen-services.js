// A real-sized record for the benchmarks: the demo record grown to 14 services (each with three
// description rows), so pages carry what a busy contractor's site carries.
import fs from 'node:fs'

export const SERVICE_COUNT = 14
const extra = ['Fence Staining', 'Privacy Screens', 'Deck Resurfacing']

export function fourteenServiceRecord() {
  const demo = JSON.parse(fs.readFileSync(new URL('../demo/record.json', import.meta.url), 'utf8'))
  const services = [...demo.dbServices]
  for (let i = 0; services.length < SERVICE_COUNT; i++) {
    const base = demo.dbServices[i % demo.dbServices.length]
    services.push({ ...base, name: extra[i] ?? `${base.name} ${i + 2}` })
  }
  // Three rows each: the longest service pages a record of this size produces.
  demo.dbServices = services.map((s) => ({ ...s, description: [0, 1, 2].map((n) => s.description[n % s.description.length]) }))
  return demo
}
