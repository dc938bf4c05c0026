import { Suspense, lazy, useState } from 'react'
import { StaticBlock, type StaticBlockRef } from '#app/ui/static-block.tsx'
import { replayedOnceHydrated } from '#app/ui/deferred.tsx'

const loadPlayer = () => import('./video-player-dialog.tsx')
// Kept out of the first load: the player's modal arrives on the first play (or hover).
const VideoPlayerDialog = lazy(loadPlayer)

/** `thumbnails`: one static block per video (video-grid.server.tsx). */
type Props = { videoIds: string[]; companyName: string; thumbnails: StaticBlockRef[] }

/**
 * Light video thumbnails; a click opens the player in a modal, and closing it removes the player
 * (playback stops). The section's heading and channel link around it are static blocks.
 */
export function VideoGrid({ videoIds, companyName, thumbnails }: Props) {
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
              {...replayedOnceHydrated}
              aria-haspopup="dialog"
              onClick={() => {
                setPlayerWanted(true)
                setPlaying(i)
              }}
              className="group relative block aspect-video w-full overflow-hidden rounded-2xl bg-third shadow-lg ring-1 ring-black/10 transition hover:shadow-xl"
            >
              <StaticBlock as="span" block={thumbnails[i] ?? null} />
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
