import { deferred } from '#app/ui/deferred.tsx'

/**
 * The interactive blocks the server renders and the browser hydrates later (app/ui/deferred.tsx),
 * each its own chunk, so a page fetches only the blocks it shows. Most wait for the visitor's first
 * activity: their server HTML works until then (the form posts, the video link opens YouTube, the
 * numbers show their final values), so a visit that only reads the first screen downloads none.
 */
export const BackToTop = deferred(() => import('#app/layout/back-to-top.tsx').then((m) => m.BackToTop), 'activity')
export const ScrollProgress = deferred(() => import('#app/layout/scroll-progress.tsx').then((m) => m.ScrollProgress), 'activity')
export const NotFoundNotice = deferred(() => import('#app/layout/not-found-notice.tsx').then((m) => m.NotFoundNotice), 'activity')
export const FloatingWidgets = deferred(() => import('#app/widgets/floating-widgets.tsx').then((m) => m.FloatingWidgets), 'activity')
/** Below the gallery's photos: its sliders' code comes with the scroll that reaches them. */
export const BeforeAfter = deferred(() => import('./before-after.tsx').then((m) => m.BeforeAfter), 'activity')
export const ContactForm = deferred(() => import('./contact-form.tsx').then((m) => m.ContactForm), 'activity')
export const HomeReviews = deferred(() => import('./home-reviews.tsx').then((m) => m.HomeReviews), 'activity')
export const PromoVideo = deferred(() => import('./promo-video.tsx').then((m) => m.PromoVideo), 'activity')
export const SendUsAMessage = deferred(() => import('./send-us-a-message.tsx').then((m) => m.SendUsAMessage), 'activity')
export const StatisticsBand = deferred(() => import('./statistics-band.tsx').then((m) => m.StatisticsBand), 'activity')
/** The reviews page's third-party widget: its platform script starts when the page is idle after the framework. */
export const ReviewsWidget = deferred(() => import('./reviews-widget.tsx').then((m) => m.ReviewsWidget), 'idle')
