import { mapRecordImages } from '#app/record/record-images.ts'
import { IMAGE_PLACEHOLDER } from '#app/ui/image-variants.ts'
import type { RecordSnapshot } from './record-source.server.ts'
import type { ImageStore } from '../images/image-store.server.ts'

/**
 * The record as pages show it: every image URL replaced by our own variant URL, or the
 * placeholder until the variants exist. Its version includes the image store's generation,
 * so a page rendered with placeholders is rendered again once its photos are ready. With the
 * fleet's store both come from the fleet's manifest alone: origins at the same generation render
 * the same pictures, whichever of them made the photos.
 */
export function createLocalRecordView(current: () => RecordSnapshot, images: ImageStore) {
  let memo: { source: RecordSnapshot; generation: number; view: RecordSnapshot } | undefined
  return function localSnapshot(): RecordSnapshot {
    const source = current()
    const generation = images.generation
    if (memo?.source === source && memo.generation === generation) return memo.view
    const record = mapRecordImages(source.record, (url) => images.localSrc(url) ?? IMAGE_PLACEHOLDER)
    memo = { source, generation, view: { ...source, record, version: `${source.version}.${generation}` } }
    return memo.view
  }
}
