import { describe, expect, test } from 'vitest'
import { galleryVideoIds, isYoutubeId, videoEmbed, videoThumbnail } from './video-ids.ts'

describe('isYoutubeId', () => {
  test.each(['aqz-KE-bpKQ', 'eRsGyueVLvQ', 'Y_rmzh0PI3c'])('accepts %s', (id) => expect(isYoutubeId(id)).toBe(true))
  test.each(['', 'short', 'aqz-KE-bpKQx', 'aqz KE bpKQ', '"><img/src=x', '../../../..', 'aqz-KE-bpK%'])('rejects %j', (id) =>
    expect(isYoutubeId(id)).toBe(false),
  )
})

describe('galleryVideoIds', () => {
  test('keeps valid ids in order, drops the rest and duplicates', () => {
    expect(galleryVideoIds(['aqz-KE-bpKQ', 'nope', 'eRsGyueVLvQ', 'aqz-KE-bpKQ', '<script>alert(1)</script>'])).toEqual(['aqz-KE-bpKQ', 'eRsGyueVLvQ'])
  })

  test('reads ids out of the usual YouTube URLs', () => {
    expect(
      galleryVideoIds(['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://youtu.be/eRsGyueVLvQ', 'https://evil.example/watch?v=R6MlUcmOul8']),
    ).toEqual(['aqz-KE-bpKQ', 'eRsGyueVLvQ'])
  })
})

test('thumbnail and privacy-enhanced autoplay embed URLs are built from the id', () => {
  expect(videoThumbnail('aqz-KE-bpKQ')).toBe('https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg')
  expect(videoEmbed('aqz-KE-bpKQ')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1')
})
