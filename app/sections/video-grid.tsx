import { useState } from 'react'
import { Dialog } from '#app/ui/dialog.tsx'
import { Icon } from '#app/ui/icon.tsx'
import { SectionHeading } from './section-heading.tsx'
import { videoPlayerUrl, videoThumbnailUrl } from '#app/record/youtube.ts'
import { useStrings } from '#app/i18n/use-strings.ts'

type Props = { videoIds: string[]; channelUrl: string; companyName: string }

/** Light video thumbnails; a click opens the player in a modal, and closing it removes the player (playback stops). */
export function VideoGrid({ videoIds, channelUrl, companyName }: Props) {
  const [playing, setPlaying] = useState<number | null>(null)
  const t = useStrings()
  const total = videoIds.length
  const videoName = (i: number) => t.sections.videoOf(i + 1, total)
  const current = playing === null ? null : videoIds[playing]
  return (
    <section aria-labelledby="videos-heading" className="py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="videos-heading" eyebrow={t.sections.watchOurCrews} title={t.sections.projectVideos}>
          <p>{t.sections.videosLead(companyName)}</p>
        </SectionHeading>
        {total ? (
          <ul className="grid gap-5 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
            {videoIds.map((id, i) => (
              <li key={id}>
                <button
                  type="button"
                  aria-haspopup="dialog"
                  onClick={() => setPlaying(i)}
                  className="group relative block aspect-video w-full overflow-hidden rounded-2xl bg-third shadow-lg ring-1 ring-black/10 transition hover:shadow-xl"
                >
                  <img
                    src={videoThumbnailUrl(id)}
                    alt=""
                    width={480}
                    height={360}
                    loading="lazy"
                    decoding="async"
                    className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-105"
                  />
                  <span aria-hidden="true" className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/10 to-transparent" />
                  <span aria-hidden="true" className="absolute inset-0 grid place-items-center">
                    <span className="grid size-16 place-items-center rounded-full bg-btn text-on-btn shadow-xl ring-8 ring-white/25 transition-transform group-hover:scale-110 group-focus-visible:scale-110">
                      <Icon icon="play" className="ml-1 size-6" />
                    </span>
                  </span>
                  <span className="absolute bottom-3 left-4 text-sm font-semibold text-white">
                    <span className="sr-only">{t.a11y.play} </span>
                    {videoName(i)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-12 text-center">
          <a href={channelUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
            <Icon icon="youtube" className="size-5" />
            {t.sections.visitYouTube}
            <Icon icon="arrow-up-right-from-square" className="size-3.5" />
            <span className="sr-only">{t.a11y.opensInNewTab}</span>
          </a>
        </p>
      </div>
      <Dialog
        open={current != null}
        onClose={() => setPlaying(null)}
        title={playing === null ? t.sections.video : videoName(playing)}
        tone="dark"
        size="xl"
        closeLabel={t.a11y.closeVideo}
      >
        {current ? (
          <div className="aspect-video w-full bg-black">
            <iframe
              src={videoPlayerUrl(current)}
              title={t.sections.youtubeVideo(companyName, (playing ?? 0) + 1, total)}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              className="size-full border-0"
            />
          </div>
        ) : null}
      </Dialog>
    </section>
  )
}
