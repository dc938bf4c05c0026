import { currentRecord } from '#app/record/current-record.server.ts'
import { homeView } from '#app/record/page-views.ts'
import type { PageHandle } from '#app/record/page-meta.ts'
import { useLayout } from '#app/record/use-record.ts'
import { AboutCircles } from '#app/sections/about-circles.tsx'
import { AboutWithList } from '#app/sections/about-with-list.tsx'
import { BrandingLogos } from '#app/sections/branding-logos.tsx'
import { CoverageMap } from '#app/sections/coverage-map.tsx'
import { Hero } from '#app/sections/hero.tsx'
import { ServicesCards } from '#app/sections/services-cards.tsx'
import { ServicesIntro } from '#app/sections/services-intro.tsx'
import { TrailingCta } from '#app/sections/trailing-cta.tsx'
import { ContactForm, HomeReviews, PromoVideo, SendUsAMessage, StatisticsBand } from '#app/sections/deferred-sections.ts'
import { stringsFor } from '#app/i18n/dictionaries.ts'
import { StaticBlock } from '#app/ui/static-block.tsx'
import { setStaticBlocks } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/home'

/** The page's blocks that need no JavaScript are rendered here; the browser gets only what the others need. */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const home = homeView(record)
  const companyName = home.hero.companyName
  setStaticBlocks(context, {
    'home-hero': <Hero {...home.hero} />,
    'home-intro': <ServicesIntro services={home.intro} companyName={companyName} />,
    'home-circles': <AboutCircles companyName={companyName} {...home.circles} />,
    'home-about': home.about ? (
      <AboutWithList id="home-about-heading" title={stringsFor(record).sections.builtOnTrust} {...home.about} imageRight />
    ) : null,
    'home-cards': (
      <>
        <ServicesCards {...home.cards} tinted={!home.reviews} />
        {home.branding ? <BrandingLogos {...home.branding} /> : null}
      </>
    ),
    'home-end': (
      <>
        <CoverageMap {...home.coverage} />
        <TrailingCta {...home.trailing} />
      </>
    ),
  })
  return { companyName, video: home.video, statistics: home.statistics, reviews: home.reviews }
}

export const handle: PageHandle = { page: 'Home' }

export default function Home({ loaderData: home }: Route.ComponentProps) {
  const { form } = useLayout()
  return (
    <>
      <StaticBlock id="home-hero" />
      <StaticBlock id="home-intro" />
      {home.video ? <PromoVideo videoId={home.video.videoId} poster={home.video.poster} companyName={home.companyName} /> : null}
      <StaticBlock id="home-circles" />
      <StatisticsBand principal={home.statistics} />
      <StaticBlock id="home-about" />
      {home.reviews ? <HomeReviews {...home.reviews} /> : null}
      <StaticBlock id="home-cards" />
      <SendUsAMessage>
        <ContactForm {...form} idPrefix="home" />
      </SendUsAMessage>
      <StaticBlock id="home-end" />
    </>
  )
}
