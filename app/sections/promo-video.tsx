import { useEffect, useRef, useState } from 'react'
import { Icon } from '#app/ui/icon.tsx'
import { prefersReducedMotion } from '#app/sections/count-up.tsx'
import { SectionHeading } from './section-heading.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'
import { promoPlayerUrl, videoThumbnailUrl, videoWatchUrl } from '#app/record/youtube.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'
import { replayedOnceHydrated } from '#app/ui/deferred.tsx'

type Props = { videoId: string; poster: string; companyName: string }

/**
 * A light facade for the promo video: a poster in a fixed 16:9 box; the player is put in
 * only when the box scrolls into view, or on request for visitors who prefer reduced motion.
 */
export function PromoVideo({ videoId, poster, companyName }: Props) {
  const t = useStrings()
  const page = usePageStrings()
  const [playing, setPlaying] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const title = t.a11y.promoVideo(companyName)
  const posterSrc = poster || videoThumbnailUrl(videoId)

  useEffect(() => {
    const element = box.current
    if (!element || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setPlaying(true)
        observer.disconnect()
      }
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  return (
    <section aria-labelledby="promo-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="promo-heading" eyebrow={page.sections.seeUsAtWork} title={page.sections.qualityYouCanSee} />
        <div
          ref={box}
          className="relative mx-auto aspect-video max-w-5xl overflow-hidden rounded-2xl bg-third shadow-2xl ring-1 ring-black/10"
        >
          {playing ? (
            <iframe
              src={promoPlayerUrl(videoId)}
              title={title}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
              className="absolute inset-0 size-full border-0"
            />
          ) : (
            <>
              <ResponsiveImage
                src={posterSrc}
                alt=""
                width={1280}
                height={720}
                // The 16:9 box is the page's width less its margins, at most 64rem (max-w-5xl).
                cover={[{ width: 'min(100vw - 32px, 1024px)', aspect: 16 / 9 }]}
                className="absolute inset-0 size-full object-cover"
              />
              <a
                href={videoWatchUrl(videoId)}
                // Without JavaScript the link opens YouTube; before the code arrives, the tap waits for it and plays here.
                {...replayedOnceHydrated}
                onClick={(event) => {
                  event.preventDefault()
                  setPlaying(true)
                }}
                className="group absolute inset-0 grid place-items-center bg-black/25 transition-colors hover:bg-black/35"
              >
                <span className="grid size-20 place-items-center rounded-full bg-btn text-on-btn shadow-xl ring-8 ring-white/30 transition-transform group-hover:scale-110">
                  <Icon icon="play" className="ml-1 size-7" />
                </span>
                <span className="sr-only">{t.a11y.playVideo(title)}</span>
              </a>
            </>
          )}
        </div>
      </div>
    </section>
  )
}
