import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { pngBomb } from '#tests/image-host.ts'
import { encodeVariants, readVariantFolder } from './encode-image.server.ts'

// Headers that only claim a size (no pixels behind them): the limits are checked before any decode.
test('a 48 MP phone photo passes the limits; one pixel row more, or a strip longer than 16 384 px, does not', async () => {
  await expect(encodeVariants(await pngBomb(8064, 6048))).rejects.toThrow(/unreadable image/) // past the limits, then no pixels
  await expect(encodeVariants(await pngBomb(8064, 6049))).rejects.toThrow(/more than \d+ pixels/)
  await expect(encodeVariants(await pngBomb(16_385, 100))).rejects.toThrow('wider or taller than 16384 px')
  await expect(encodeVariants(await pngBomb(100, 16_385))).rejects.toThrow('wider or taller than 16384 px')
})

test('a landscape photo also gets its centre, as tall as it, 2:3, in WebP; a folder of them is read back with its crop', async () => {
  // Red, green and blue (300, 600 and 300 px): the crop (334…866 of 1200) must be the green middle.
  const thirds = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#00ff00' } })
    .composite([
      { input: { create: { width: 300, height: 800, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
      { input: { create: { width: 300, height: 800, channels: 3, background: '#0000ff' } }, left: 900, top: 0 },
    ])
    .jpeg({ quality: 95 })
    .toBuffer()
  const encoded = await encodeVariants(thirds)
  expect(encoded.portrait).toBe(533)
  const names = encoded.files.map((f) => f.name)
  expect(names.filter((name) => name.startsWith('p'))).toEqual([
    'p160.webp',
    'p240.webp',
    'p320.webp',
    'p400.webp',
    'p480.webp',
    'p533.webp',
  ])
  const crop = encoded.files.find((f) => f.name === 'p533.webp')!.data
  const { width, height, format } = await sharp(crop).metadata()
  expect({ width, height, format }).toEqual({ width: 533, height: 800, format: 'webp' })
  const { channels } = await sharp(crop).stats()
  expect(channels.map((c) => Math.round(c.mean))).toEqual([expect.closeTo(0, -1), expect.closeTo(255, -1), expect.closeTo(0, -1)])

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'variants-'))
  try {
    for (const file of encoded.files) fs.writeFileSync(path.join(folder, file.name), file.data)
    expect(await readVariantFolder(folder)).toMatchObject({ width: 1200, height: 800, fallback: 'jpg', portrait: 533 })
    fs.rmSync(path.join(folder, 'p320.webp'))
    expect(await readVariantFolder(folder)).toBeUndefined() // a crop's variant missing: encoded again
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
})

test('a portrait photo, or one too short for a phone, gets no crop', async () => {
  const plain = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#888' } })
      .png()
      .toBuffer()
  for (const [width, height] of [
    [750, 1000],
    [600, 400],
  ] as const) {
    const encoded = await encodeVariants(await plain(width, height))
    expect(encoded.portrait).toBeUndefined()
    expect(encoded.files.some((f) => f.name.startsWith('p'))).toBe(false)
  }
})

test("a transparent logo's smaller variants have clean edges: no halo of nearly transparent pixels", async () => {
  const logo = fs.readFileSync(path.join(import.meta.dirname, '../../public/demo/images/logo.webp'))
  const encoded = await encodeVariants(logo)
  for (const name of ['160.webp', '240.webp', '320.webp', '320.png']) {
    const { data } = await sharp(encoded.files.find((f) => f.name === name)!.data)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    let edge = 0
    let faint = 0
    for (let i = 3; i < data.length; i += 4) {
      if (data[i]! > 0 && data[i]! < 255) edge++
      if (data[i]! > 0 && data[i]! < 8) faint++
    }
    // Lanczos' ringing made a third of the edge pixels faint (2 370 of 6 942 at 320 px); Catmull-Rom a twelfth.
    expect(faint / edge, name).toBeLessThan(0.15)
  }
})
