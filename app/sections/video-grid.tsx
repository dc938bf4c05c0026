import { Suspense, lazy, useState } from 'react'
import { Icon } from '#app/ui/icon.tsx'
import { videoThumbnailUrl } from '#app/record/youtube.ts'
import { StaticBlock } from '#app/ui/static-block.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

const loadPlayer = () => import('./video-player-dialog.tsx')
// Kept out of the first load: the player's modal arrives on the first play (or hover).
const VideoPlayerDialog = lazy(loadPlayer)

type Props = { videoIds: string[]; companyName: string }

/**
 * Light video thumbnails; a click opens the player in a modal, and closing it removes the player
 * (playback stops). The section's heading and channel link around it are static blocks.
 */
export function VideoGrid({ videoIds, companyName }: Props) {
  const [playing, setPlaying] = useState<number | null>(null)
  const [playerWanted, setPlayerWanted] = useState(false)
  const total = videoIds.length
  if (!total) return null
  const prefetch = () => void loadPlayer()
  return (
    <>
      <ul className="grid gap-5 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3" onPointerEnter={prefetch} onFocus={prefetch}>
        {videoIds.map((id, i) => (
          <li key={id}>
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => {
                setPlayerWanted(true)
                setPlaying(i)
              }}
              className="group relative block aspect-video w-full overflow-hidden rounded-2xl bg-third shadow-lg ring-1 ring-black/10 transition hover:shadow-xl"
            >
              <StaticBlock as="span" id={videoThumbnailId(i)} />
            </button>
          </li>
        ))}
      </ul>
      {playerWanted ? (
        <Suspense fallback={null}>
          <VideoPlayerDialog videoIds={videoIds} playing={playing} companyName={companyName} onClose={() => setPlaying(null)} />
        </Suspense>
      ) : null}
    </>
  )
}

export const videoThumbnailId = (i: number) => `video-${i}`

/** What a video's button shows: its thumbnail, the play badge and its name (a static block inside the button). */
export function VideoThumbnail({ id, i, total }: { id: string; i: number; total: number }) {
  const t = useStrings()
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
        {t.sections.videoOf(i + 1, total)}
      </span>
    </>
  )
}
