import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import type { CoverBox } from '#app/ui/image-variants.ts'
import { useFixedEnglish } from '#app/i18n/use-strings.ts'

/** The band at the top of inner pages: a title and a sub-header ('Home - {title}' when both are equal). */
export function pageHeaderSubtitle(title: string, subHeader: string): string {
  return title === subHeader ? `Home - ${title}` : subHeader
}

type Props = {
  title: string
  subHeader?: string
  image?: string
  /** Which parts are the spec's fixed English words (a route's name, 'Home - …'), marked lang="en". */
  english?: 'title' | 'subHeader' | 'both'
  /**
   * 'high' (preloaded, the default): the band's picture is the page's largest paint. 'low' where a picture
   * under the band is a phone's largest paint instead (/services): the band's, veiled and asked for at half its
   * resolution, is still fetched at once but after that one (issue 46).
   */
  picturePriority?: 'high' | 'low'
  /**
   * The boxes below lg of a picture under the band that shows the band's picture (/services: the first row's, its
   * largest paint on a phone). There the band asks for the very file that picture asks for, one request for both
   * (the band's own, however small, shared the phone's line with the largest paint); from lg, for its own.
   */
  sameFileBelowLg?: CoverBox[]
}

// The band: 13rem tall on a phone (15.5rem with a title on two lines), 17.5rem from sm (20.5rem).
const bandFromSm: CoverBox = { media: '(min-width: 640px)', width: '100vw', height: '18rem' }
const bandOnPhone: CoverBox = { width: '100vw', height: '16rem' }

export function PageHeader({ title, subHeader = title, image, english, picturePriority = 'high', sameFileBelowLg }: Props) {
  const fixedEnglish = useFixedEnglish()
  const en = (part: 'title' | 'subHeader') => (english === part || english === 'both' ? fixedEnglish : undefined)
  return (
    <section className="relative isolate overflow-hidden bg-third py-16 text-center text-on-overlay sm:py-24">
      {image ? (
        <ResponsiveImage
          src={image}
          alt=""
          className="absolute inset-0 -z-20 size-full object-cover"
          width={1200}
          height={800}
          {...(picturePriority === 'high' ? { priority: true } : { loading: 'eager', fetchPriority: 'low' })}
          cover={
            sameFileBelowLg
              ? [{ ...bandFromSm, media: '(min-width: 1024px)' }, ...sameFileBelowLg.map((box) => ({ ...box, unveiled: true as const }))]
              : [bandFromSm, bandOnPhone]
          }
          veil="overlay"
        />
      ) : null}
      <div className="absolute inset-0 -z-10 bg-overlay" />
      <div className="container-page">
        <h1 lang={en('title')} className="text-4xl text-on-overlay sm:text-5xl">
          {title}
        </h1>
        <p lang={en('subHeader')} className="mt-3 text-lg font-medium text-on-overlay-soft">
          {pageHeaderSubtitle(title, subHeader)}
        </p>
      </div>
    </section>
  )
}
