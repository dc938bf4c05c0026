import { Dialog } from '#app/ui/dialog.tsx'
import { videoPlayerUrl } from '#app/record/youtube.ts'
import { useStrings } from '#app/i18n/use-strings.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Props = { videoIds: string[]; playing: number | null; companyName: string; onClose: () => void }

/** The video grid's player: a modal with the video, loaded on the first play (see VideoGrid). */
export default function VideoPlayerDialog({ videoIds, playing, companyName, onClose }: Props) {
  const t = useStrings()
  const page = usePageStrings()
  const total = videoIds.length
  const current = playing === null ? null : videoIds[playing]
  return (
    <Dialog
      open={current != null}
      onClose={onClose}
      title={playing === null ? page.sections.video : page.sections.videoOf(playing + 1, total)}
      tone="dark"
      size="xl"
      closeLabel={t.a11y.closeVideo}
    >
      {current ? (
        <div className="aspect-video w-full bg-black">
          <iframe
            src={videoPlayerUrl(current)}
            title={page.sections.youtubeVideo(companyName, (playing ?? 0) + 1, total)}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            className="size-full border-0"
          />
        </div>
      ) : null}
    </Dialog>
  )
}
