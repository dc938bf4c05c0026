import { firstOf } from '#app/record/contact-links.ts'
import { brandingBlock, homeReviewsWidget, homeTexts, imageAt, promoVideo, recordImages } from '#app/record/home-content.ts'
import { pageMeta } from '#app/record/route-meta.ts'
import { cardServices, introServices } from '#app/record/service-lists.ts'
import { useRecord } from '#app/record/use-record.ts'
import { AboutCircles } from '#app/sections/about-circles.tsx'
import { AboutWithList } from '#app/sections/about-with-list.tsx'
import { BrandingLogos } from '#app/sections/branding-logos.tsx'
import { ContactForm } from '#app/sections/contact-form.tsx'
import { CoverageMap } from '#app/sections/coverage-map.tsx'
import { formServices } from '#app/sections/form-labels.ts'
import { Hero } from '#app/sections/hero.tsx'
import { HomeReviews } from '#app/sections/home-reviews.tsx'
import { PromoVideo } from '#app/sections/promo-video.tsx'
import { SendUsAMessage } from '#app/sections/send-us-a-message.tsx'
import { ServicesCards } from '#app/sections/services-cards.tsx'
import { ServicesIntro } from '#app/sections/services-intro.tsx'
import { StatisticsBand } from '#app/sections/statistics-band.tsx'
import { TrailingCta } from '#app/sections/trailing-cta.tsx'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Home', matches)

export default function Home() {
  const record = useRecord()
  const principal = record.dbPrincipal
  const first = firstOf(record)
  const texts = homeTexts(record)
  const images = recordImages(record)
  const video = promoVideo(record)
  const branding = brandingBlock(record)
  const about = record.dbAbout[0]
  const reviewsWidget = homeReviewsWidget(record)
  return (
    <>
      <Hero slogan={texts.slogan} text={texts.heroText} image={images[0] ?? ''} phone={first.phone} companyName={principal.name} />
      <ServicesIntro services={introServices(record.dbServices)} companyName={principal.name} />
      {video ? <PromoVideo videoId={video.videoId} poster={video.poster} companyName={principal.name} /> : null}
      <AboutCircles companyName={principal.name} text={texts.circlesText} images={[imageAt(record, 1), imageAt(record, 2), imageAt(record, 3)]} exprYears={principal.exprYears} />
      <StatisticsBand principal={principal} />
      {about ? <AboutWithList id="home-about-heading" title="Built On Trust And Quality Work" text={about.text} list={about.list} image={imageAt(record, 4)} imageRight /> : null}
      {reviewsWidget ? <HomeReviews title={record.labels.general.titleReviews} widgetClass={reviewsWidget} /> : null}
      <ServicesCards services={cardServices(record.dbServices)} title={record.labels.general.titleServices} tinted={!reviewsWidget} />
      {branding ? <BrandingLogos title={branding.title} link={branding.link} img={branding.img} /> : null}
      <SendUsAMessage>
        <ContactForm services={formServices(record.dbServices)} labels={record.labels.formLabel} idPrefix="home" />
      </SendUsAMessage>
      <CoverageMap locations={principal.location} miles={principal.miles} customTitle={record.labels.general.titleMap} />
      <TrailingCta phone={first.phone} image={imageAt(record, 5)} slogan={record.dbSlogan[1]?.slogan} />
    </>
  )
}
