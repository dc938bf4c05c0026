import { expect, test } from 'vitest'
import { parsePageRecord } from './schema.ts'
import { sidePanelSocialLinks } from './side-panel.ts'

const redes = (urls: string[]) =>
  parsePageRecord({ dbSocialMedia: { redes: urls.map((url, i) => ({ name: `n${i}`, url })) } }).dbSocialMedia.redes

test('no social links in the side panel with only one', () => {
  expect(sidePanelSocialLinks(redes(['https://facebook.com/x']))).toEqual([])
  expect(sidePanelSocialLinks([])).toEqual([])
})

test('all social links in the side panel with more than one', () => {
  expect(sidePanelSocialLinks(redes(['https://facebook.com/x', 'https://instagram.com/x']))).toHaveLength(2)
})

test('links without a usable URL do not count towards "more than one"', () => {
  expect(sidePanelSocialLinks(redes(['https://facebook.com/x', 'javascript:alert(1)']))).toEqual([])
})
