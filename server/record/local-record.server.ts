import { mapRecordImages } from '#app/record/record-images.ts'
import { IMAGE_PLACEHOLDER } from '#app/ui/image-variants.ts'
import type { RecordSnapshot } from './record-source.server.ts'
import type { ImageStore } from '../images/image-store.server.ts'

/**
 * The record as one site's pages show it: every image URL replaced by our own variant URL, or the placeholder
 * until the variants are published for the site. Its version includes the site's picture generation, so a page
 * rendered with placeholders is rendered again once its photos are shown; another site's photos never change it.
 */
export function createLocalRecordView(site: string, current: () => RecordSnapshot, images: ImageStore) {
  let memo: { source: RecordSnapshot; generation: number; view: RecordSnapshot } | undefined
  return function localSnapshot(): RecordSnapshot {
    const source = current()
    const generation = images.generation(site)
    if (memo?.source === source && memo.generation === generation) return memo.view
    const record = mapRecordImages(source.record, (url) => images.localSrc(site, url) ?? IMAGE_PLACEHOLDER)
    memo = { source, generation, view: { ...source, record, version: `${source.version}.${generation}` } }
    return memo.view
  }
}
