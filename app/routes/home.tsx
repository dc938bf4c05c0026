import { currentRecord } from '#app/record/current-record.server.ts'
import { homeView } from '#app/record/page-views.ts'
import { pageMeta } from '#app/record/page-meta.ts'
import { useLayout } from '#app/record/use-record.ts'
import { Hero } from '#app/sections/hero.tsx'
import {
  AboutCircles,
  AboutWithList,
  BrandingLogos,
  ContactForm,
  CoverageMap,
  HomeReviews,
  PromoVideo,
  SendUsAMessage,
  ServicesCards,
  ServicesIntro,
  StatisticsBand,
  TrailingCta,
} from '#app/sections/deferred-sections.ts'
import type { Route } from './+types/home'
import { useStrings } from '#app/i18n/use-strings.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return homeView(await currentRecord(context))
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Home', matches)

export default function Home({ loaderData: home }: Route.ComponentProps) {
  const { form } = useLayout()
  const t = useStrings()
  const companyName = home.hero.companyName
  return (
    <>
      <Hero {...home.hero} />
      <ServicesIntro services={home.intro} companyName={companyName} />
      {home.video ? <PromoVideo videoId={home.video.videoId} poster={home.video.poster} companyName={companyName} /> : null}
      <AboutCircles companyName={companyName} {...home.circles} />
      <StatisticsBand principal={home.statistics} />
      {home.about ? <AboutWithList id="home-about-heading" title={t.sections.builtOnTrust} {...home.about} imageRight /> : null}
      {home.reviews ? <HomeReviews {...home.reviews} /> : null}
      <ServicesCards {...home.cards} tinted={!home.reviews} />
      {home.branding ? <BrandingLogos {...home.branding} /> : null}
      <SendUsAMessage>
        <ContactForm {...form} idPrefix="home" />
      </SendUsAMessage>
      <CoverageMap {...home.coverage} />
      <TrailingCta {...home.trailing} />
    </>
  )
}
