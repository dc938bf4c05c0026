import { expect, test } from 'vitest'
import { pngBomb } from '#tests/image-host.ts'
import { encodeVariants } from './encode-image.server.ts'

// Headers that only claim a size (no pixels behind them): the limits are checked before any decode.
test('a 48 MP phone photo passes the limits; one pixel row more, or a strip longer than 16 384 px, does not', async () => {
  await expect(encodeVariants(await pngBomb(8064, 6048))).rejects.toThrow(/unreadable image/) // past the limits, then no pixels
  await expect(encodeVariants(await pngBomb(8064, 6049))).rejects.toThrow(/more than \d+ pixels/)
  await expect(encodeVariants(await pngBomb(16_385, 100))).rejects.toThrow('wider or taller than 16384 px')
  await expect(encodeVariants(await pngBomb(100, 16_385))).rejects.toThrow('wider or taller than 16384 px')
})
