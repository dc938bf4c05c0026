import type { ComponentProps, ComponentType } from 'react'
import { deferred } from '#app/ui/deferred.tsx'

/**
 * The interactive blocks below the first screen and the layout's widgets and estimate modal: rendered
 * by the server, hydrated once the browser is idle. Their code is one chunk (all-sections.ts),
 * fetched once per visit and cached, so the JavaScript a page needs before it hydrates is the
 * framework, the header and the page's first screen.
 */
type Sections = typeof import('./all-sections.ts')
type Props<K extends keyof Sections> = ComponentProps<Sections[K]> & object
const section = <K extends keyof Sections>(name: K) =>
  deferred<Props<K>>(() => import('./all-sections.ts').then((m) => m[name] as ComponentType<Props<K>>))

export const BackToTop = section('BackToTop')
export const NotFoundNotice = section('NotFoundNotice')
export const ScrollProgress = section('ScrollProgress')
export const ContactForm = section('ContactForm')
export const EstimateModal = section('EstimateModal')
export const HomeReviews = section('HomeReviews')
export const PromoVideo = section('PromoVideo')
export const ReviewsWidget = section('ReviewsWidget')
export const SendUsAMessage = section('SendUsAMessage')
export const StatisticsBand = section('StatisticsBand')
