import { expect, test } from 'vitest'
import { editDistance, nearestKey } from './nearest-key.ts'

test.each([
  ['dbServies', 'dbServices', 1], // a letter left out
  ['phoens', 'phones', 1], // two letters swapped: one step, not two
  ['licenced', 'licensed', 1],
  ['gallery', 'gallery', 0],
  ['', 'abc', 3],
  ['kitten', 'sitting', 3],
  ['ca', 'abc', 3], // optimal string alignment: a swapped pair is not edited again
])('the distance from %j to %j is %i', (a, b, distance) => {
  expect(editDistance(a, b)).toBe(distance)
  expect(editDistance(b, a)).toBe(distance)
})

const known = ['styles', 'dbPrincipal', 'dbServices', 'dbSlogan', 'gallery', 'stock', 'gmb', 'labels', 'name', 'img', 'url']

test.each([
  ['dbServies', 'dbServices'],
  ['DBSERVICES', 'dbServices'], // case is ignored
  ['Gallery', 'gallery'],
  ['galery', 'gallery'],
  ['dbPrincipl', 'dbPrincipal'],
  ['stokc', 'stock'],
  ['nmae', 'name'],
  ['imgs', 'img'],
])('%j: did you mean %j?', (key, suggestion) => {
  expect(nearestKey(key, known)).toBe(suggestion)
})

test.each(['_id', '__v', 'createdAt', 'lables2x', 'dbServicesList', 'ur1s', 'x'.repeat(10_000)])('%j is close to no known key', (key) => {
  expect(nearestKey(key, known)).toBeNull()
})

test('the closest of several candidates wins, the first one on a tie', () => {
  expect(nearestKey('imagw', ['img', 'image'])).toBe('image')
  expect(nearestKey('imgx', ['imgxyz', 'imgy'])).toBe('imgy')
  expect(nearestKey('ab', ['abc', 'abd'])).toBe('abc')
})
