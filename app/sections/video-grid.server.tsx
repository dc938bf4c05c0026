import { Icon } from '#app/ui/icon.tsx'
import { videoThumbnailUrl } from '#app/record/youtube.ts'
import type { MakeStaticBlock } from '#app/ui/static-block.server.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

/** The videos' thumbnails (VideoGrid's `thumbnails`) as static blocks, for the route's loader. */
export const videoThumbnails = (staticBlock: MakeStaticBlock, videoIds: string[]) =>
  videoIds.map((id, i) => staticBlock(<VideoThumbnail id={id} i={i} total={videoIds.length} />))

/** What a video's button shows: its thumbnail, the play badge and its name (a static block inside the button). */
function VideoThumbnail({ id, i, total }: { id: string; i: number; total: number }) {
  const t = useStrings()
  const page = usePageStrings()
  return (
    <>
      <img src={videoThumbnailUrl(id)} alt="" width={480} height={360} loading="lazy" decoding="async" className="photo-cover-zoom" />
      <span aria-hidden="true" className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/10 to-transparent" />
      <span aria-hidden="true" className="absolute inset-0 grid place-items-center">
        <span className="grid size-16 place-items-center rounded-full bg-btn text-on-btn shadow-xl ring-8 ring-white/25 transition-transform group-hover:scale-110 group-focus-visible:scale-110">
          <Icon icon="play" className="ml-1 size-6" />
        </span>
      </span>
      <span className="absolute bottom-3 left-4 text-sm font-semibold text-white">
        <span className="sr-only">{t.a11y.play} </span>
        {page.sections.videoOf(i + 1, total)}
      </span>
    </>
  )
}
