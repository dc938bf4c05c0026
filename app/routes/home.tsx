import { currentRecord } from '#app/record/current-record.server.ts'
import { homeView } from '#app/record/page-views.ts'
import type { PageHandle } from '#app/record/page-meta.ts'
import { useLayout } from '#app/record/use-record.ts'
import { AboutCircles } from '#app/sections/about-circles.server.tsx'
import { AboutWithList } from '#app/sections/about-with-list.server.tsx'
import { BrandingLogos } from '#app/sections/branding-logos.server.tsx'
import { CoverageMap } from '#app/sections/coverage-map.server.tsx'
import { Hero } from '#app/sections/hero.server.tsx'
import { ServicesCards } from '#app/sections/services-cards.server.tsx'
import { ServicesIntro } from '#app/sections/services-intro.server.tsx'
import { TrailingCta } from '#app/sections/trailing-cta.server.tsx'
import { ContactForm, HomeReviews, PromoVideo, SendUsAMessage, StatisticsBand } from '#app/sections/deferred-sections.ts'
import { StaticBlock, revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'
import { staticBlocksOf } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/home'
import { pageStringsFor } from '#app/i18n/use-page-strings.ts'

/** The page's blocks that need no JavaScript are rendered here; the browser gets only what the others need. */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const home = homeView(record)
  const companyName = home.hero.companyName
  const staticBlock = staticBlocksOf(context)
  const blocks = {
    hero: staticBlock(<Hero {...home.hero} />),
    intro: staticBlock(<ServicesIntro services={home.intro} companyName={companyName} />),
    circles: staticBlock(<AboutCircles companyName={companyName} {...home.circles} />),
    about: home.about
      ? staticBlock(
          <AboutWithList id="home-about-heading" title={pageStringsFor(record).sections.builtOnTrust} {...home.about} imageRight />,
        )
      : null,
    cards: staticBlock(
      <>
        <ServicesCards {...home.cards} tinted={!home.reviews} />
        {home.branding ? <BrandingLogos {...home.branding} /> : null}
      </>,
    ),
    end: staticBlock(
      <>
        <CoverageMap {...home.coverage} />
        <TrailingCta {...home.trailing} />
      </>,
    ),
  }
  return { companyName, video: home.video, statistics: home.statistics, reviews: home.reviews, blocks }
}

export const handle: PageHandle = { page: 'Home' }

export const shouldRevalidate = revalidateOnlyWhenAsked
export default function Home({ loaderData: home }: Route.ComponentProps) {
  const { form } = useLayout()
  const { blocks } = home
  return (
    <>
      <StaticBlock block={blocks.hero} />
      <StaticBlock block={blocks.intro} />
      {home.video ? <PromoVideo videoId={home.video.videoId} poster={home.video.poster} companyName={home.companyName} /> : null}
      <StaticBlock block={blocks.circles} />
      <StatisticsBand principal={home.statistics} />
      <StaticBlock block={blocks.about} />
      {home.reviews ? <HomeReviews {...home.reviews} /> : null}
      <StaticBlock block={blocks.cards} />
      <SendUsAMessage>
        <ContactForm {...form} idPrefix="home" place="home" />
      </SendUsAMessage>
      <StaticBlock block={blocks.end} />
    </>
  )
}
