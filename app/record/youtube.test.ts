import { describe, expect, test } from 'vitest'
import { galleryVideoIds, isYoutubeId, promoPlayerUrl, videoPlayerUrl, videoThumbnailUrl, videoWatchUrl, youtubeId } from './youtube.ts'

describe('isYoutubeId', () => {
  test.each(['aqz-KE-bpKQ', 'eRsGyueVLvQ', 'Y_rmzh0PI3c'])('accepts %s', (id) => expect(isYoutubeId(id)).toBe(true))
  test.each(['', 'short', 'aqz-KE-bpKQx', 'aqz KE bpKQ', '"><img/src=x', '../../../..', 'aqz-KE-bpK%'])('rejects %j', (id) =>
    expect(isYoutubeId(id)).toBe(false),
  )
})

test.each([
  ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  [' dQw4w9WgXcQ ', 'dQw4w9WgXcQ'],
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', 'dQw4w9WgXcQ'],
  ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ['https://youtu.be/dQw4w9WgXcQ?si=x', 'dQw4w9WgXcQ'],
  ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ['https://youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ['https://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ['https://vimeo.com/123', ''],
  ['https://evil.example/watch?v=dQw4w9WgXcQ', ''],
  ['https://www.youtube.com/watch?v=bad"id', ''],
  ['', ''],
])('YouTube id of %j is %j', (link, id) => {
  expect(youtubeId(link)).toBe(id)
})

describe('galleryVideoIds', () => {
  test('keeps valid ids in order, drops the rest and duplicates', () => {
    expect(galleryVideoIds(['aqz-KE-bpKQ', 'nope', 'eRsGyueVLvQ', 'aqz-KE-bpKQ', '<script>alert(1)</script>'])).toEqual([
      'aqz-KE-bpKQ',
      'eRsGyueVLvQ',
    ])
  })

  test('reads ids out of the usual YouTube URLs; the same video by two links counts once', () => {
    expect(
      galleryVideoIds([
        'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        'https://youtu.be/eRsGyueVLvQ',
        'https://evil.example/watch?v=R6MlUcmOul8',
        'https://youtu.be/aqz-KE-bpKQ',
      ]),
    ).toEqual(['aqz-KE-bpKQ', 'eRsGyueVLvQ'])
  })
})

test('thumbnail, watch page and the two players are built from the id', () => {
  expect(videoThumbnailUrl('aqz-KE-bpKQ')).toBe('https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg')
  expect(videoWatchUrl('aqz-KE-bpKQ')).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ')
  expect(videoPlayerUrl('aqz-KE-bpKQ')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1')
  // Muted, looping its own video (loop needs the playlist), without controls.
  expect(promoPlayerUrl('aqz-KE-bpKQ')).toBe(
    'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&mute=1&loop=1&playlist=aqz-KE-bpKQ&controls=0&playsinline=1',
  )
})
