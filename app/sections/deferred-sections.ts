import type { ComponentProps, ComponentType } from 'react'
import { deferred } from '#app/ui/deferred.tsx'

/**
 * The blocks below the first screen and the layout's footer, widgets and estimate modal: rendered
 * by the server, hydrated once the browser is idle. Their code is one chunk (all-sections.ts),
 * fetched once per visit and cached, so the JavaScript a page needs before it hydrates is the
 * framework, the header and the page's first screen.
 */
type Sections = typeof import('./all-sections.ts')
type Props<K extends keyof Sections> = ComponentProps<Sections[K]> & object
const section = <K extends keyof Sections>(name: K) =>
  deferred<Props<K>>(() => import('./all-sections.ts').then((m) => m[name] as ComponentType<Props<K>>))

export const BackToTop = section('BackToTop')
export const ScrollProgress = section('ScrollProgress')
export const AboutCircles = section('AboutCircles')
export const AboutWithList = section('AboutWithList')
export const BrandingLogos = section('BrandingLogos')
export const ContactCards = section('ContactCards')
export const ContactForm = section('ContactForm')
export const CoverageMap = section('CoverageMap')
export const EstimateModal = section('EstimateModal')
export const FindUsLinks = section('FindUsLinks')
export const HomeReviews = section('HomeReviews')
export const PromoVideo = section('PromoVideo')
export const ReviewsWidget = section('ReviewsWidget')
export const SendUsAMessage = section('SendUsAMessage')
export const ServiceRows = section('ServiceRows')
export const ServiceSidePanel = section('ServiceSidePanel')
export const ServicesCards = section('ServicesCards')
export const ServicesIntro = section('ServicesIntro')
export const SiteFooter = section('SiteFooter')
export const StatisticsBand = section('StatisticsBand')
export const TrailingCta = section('TrailingCta')
export const ValuesBlock = section('ValuesBlock')
