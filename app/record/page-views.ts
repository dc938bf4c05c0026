import { beforeAfterPairs, galleryGroups } from './gallery-groups.ts'
import { findUsVariant } from './find-us-variant.ts'
import { widgetSettings } from './widget-settings.ts'
import { businessJsonLd, serializeJsonLd } from './business-json-ld.ts'
import { firstOf, whatsappHref } from './contact-links.ts'
import { firstPhone, headerPhone, phoneViews } from './record-phones.ts'
import { brandingBlock, homeReviewsWidget, homeTexts, imageAt, promoVideo, recordImages, reviewsWidgetClass } from './home-content.ts'
import { footerNavigation, mainNavigation, servicePath } from './navigation.ts'
import { headMeta } from './page-meta.ts'
import type { PageRecord, Service } from './schema.ts'
import { cardServices, formServices, introServices, serviceImage, serviceSummary, sideServiceLinks } from './service-lists.ts'
import { sidePanelSocialLinks } from './side-panel.ts'
import { themeCss } from './theme.ts'
import { galleryVideoIds } from './youtube.ts'
import { langOf } from '#app/i18n/strings.ts'
import { IMAGE_PLACEHOLDER, smallestVariant } from '#app/ui/image-variants.ts'
import { pageStringsFor } from '#app/i18n/use-page-strings.ts'

/**
 * What each page sends to the browser: the shared layout's view of the record, plus each route's
 * own slice. Loaders return these (never the whole record), so a page's hydration data holds only
 * what it renders. Pure functions of the record, run on the server.
 */

const socialLink = ({ name, url, icon }: PageRecord['dbSocialMedia']['redes'][number]) => ({ name, url, icon })
const coverage = (record: PageRecord) => ({
  locations: record.dbPrincipal.location,
  miles: record.dbPrincipal.miles,
  customTitle: record.labels.general.titleMap,
})
const statisticsSource = ({ exprYears, miles, location }: PageRecord['dbPrincipal']) => ({
  exprYears,
  miles,
  location: location.slice(0, 1),
})

/** What every page's head needs (the root route): language, theme, favicon, search-engine data, meta tags. */
export function headView(record: PageRecord, siteUrl: string) {
  const jsonLd = businessJsonLd(record, siteUrl)
  const { favicon } = record.dbPrincipal
  return {
    lang: langOf(record.labels.formLabel),
    // A favicon is drawn at 16–32 px: the smallest variant, and none until it exists.
    favicon: favicon && favicon !== IMAGE_PLACEHOLDER ? smallestVariant(favicon) : '',
    meta: headMeta(record),
    themeCss: themeCss(record.styles),
    jsonLd: jsonLd ? serializeJsonLd(jsonLd) : '',
  }
}
export type HeadView = ReturnType<typeof headView>

export const FOOTER_ABOUT_LENGTH = 181
export const FOOTER_SERVICES = 6

const socialLinks = (record: PageRecord) => record.dbSocialMedia.redes.filter((l) => l.url).map(socialLink)

/** The header, menus, floating widgets and estimate form of the shared layout: the parts that run in the browser. */
export function layoutView(record: PageRecord) {
  const p = record.dbPrincipal
  return {
    name: p.name,
    logo: p.logo,
    /** The header's call-to-action dials this (E.164), or links to /contact when it is ''. */
    phone: firstPhone(record).view?.dial ?? '',
    navigation: mainNavigation(record),
    widgets: widgetSettings(record),
    form: { services: formServices(record.dbServices), labels: record.labels.formLabel },
  }
}

/** The bar above the header (a static block). */
export function headerTop(record: PageRecord) {
  const { workday, workHour } = firstOf(record)
  return { phone: headerPhone(record), workday, workHour, socials: socialLinks(record) }
}
export type HeaderTop = ReturnType<typeof headerTop>

/** The shared footer, a static block rendered on the server (app/ui/static-block.tsx). */
export function footerView(record: PageRecord) {
  const first = firstOf(record)
  const p = record.dbPrincipal
  return {
    name: p.name,
    title: first.slogan || p.name || pageStringsFor(record).sections.aboutUs,
    about: first.about.length > FOOTER_ABOUT_LENGTH ? `${first.about.slice(0, FOOTER_ABOUT_LENGTH)}…` : first.about,
    services: record.dbServices
      .filter((s) => s.name)
      .slice(0, FOOTER_SERVICES)
      .map((s) => ({ name: s.name, to: servicePath(s.name) })),
    navigation: footerNavigation(record),
    phones: phoneViews(record),
    emails: p.emails.map((x) => x.email).filter(Boolean),
    address: first.address,
    workday: first.workday,
    workHour: first.workHour,
    paymentMethod: p.paymentMethod,
    paymentImage: record.tiposPago.find((t) => t.activo && t.img)?.img ?? '',
    socials: socialLinks(record),
  }
}
export type FooterView = ReturnType<typeof footerView>

export type LayoutView = ReturnType<typeof layoutView>

export function homeView(record: PageRecord) {
  const p = record.dbPrincipal
  const texts = homeTexts(record)
  const about = record.dbAbout[0]
  const reviewsWidget = homeReviewsWidget(record)
  return {
    hero: {
      slogan: texts.slogan,
      text: texts.heroText,
      image: recordImages(record)[0] ?? '',
      phone: firstPhone(record).view,
      companyName: p.name,
    },
    intro: introServices(record.dbServices),
    video: promoVideo(record),
    circles: { text: texts.circlesText, images: [imageAt(record, 1), imageAt(record, 2), imageAt(record, 3)], exprYears: p.exprYears },
    statistics: statisticsSource(p),
    about: about ? { text: about.text, list: about.list, image: imageAt(record, 4) } : null,
    reviews: reviewsWidget ? { title: record.labels.general.titleReviews, widgetClass: reviewsWidget } : null,
    cards: { services: cardServices(record.dbServices).map(serviceCard), title: record.labels.general.titleServices },
    branding: brandingBlock(record),
    coverage: coverage(record),
    trailing: trailingCta(record, 5, 1),
  }
}

export type ServiceCard = { name: string; to: string; image: string; summary: string }
const serviceCard = (s: Service): ServiceCard => ({
  name: s.name,
  to: servicePath(s.name),
  image: serviceImage(s),
  summary: serviceSummary(s),
})

function trailingCta(record: PageRecord, image: number, slogan: number) {
  return { phone: firstPhone(record).view, image: imageAt(record, image), slogan: record.dbSlogan[slogan]?.slogan }
}

export function aboutView(record: PageRecord) {
  const [first, second] = record.dbAbout
  const images: [string, string, string] = [imageAt(record, 1), imageAt(record, 2), imageAt(record, 3)]
  return { name: record.dbPrincipal.name, images, first, second, values: record.dbValues }
}

export function servicesView(record: PageRecord) {
  const services = record.dbServices.filter((s) => s.name.trim() || s.description.length)
  return { services, image: services.map(serviceImage).find(Boolean) || imageAt(record, 0) }
}

/** Spec: the service page shows three value cards. */
export const SERVICE_VALUE_CARDS = 3

export function serviceDetailView(record: PageRecord, service: Service) {
  const p = record.dbPrincipal
  const first = firstOf(record)
  // Picked on the server and sent along, so hydration shows the same slogan.
  const slogan = record.dbSlogan[Math.floor(Math.random() * Math.max(1, record.dbSlogan.length))]?.slogan.trim() ?? ''
  return {
    service,
    slogan,
    headerImage: imageAt(record, 0),
    side: {
      services: sideServiceLinks(record.dbServices),
      phones: phoneViews(record),
      emails: p.emails,
      workday: first.workday,
      workHour: first.workHour,
      socialLinks: sidePanelSocialLinks(record.dbSocialMedia.redes),
    },
    statistics: statisticsSource(p),
    values: record.dbValues.slice(0, SERVICE_VALUE_CARDS),
    trailing: trailingCta(record, 2, 0),
  }
}

export function galleryView(record: PageRecord) {
  return {
    subHeader: record.labels.general.titleGallery.trim() || 'Gallery',
    image: imageAt(record, 0),
    groups: galleryGroups(record),
    pairs: beforeAfterPairs(record),
  }
}

export function reviewsView(record: PageRecord) {
  return {
    image: imageAt(record, 3),
    title: record.labels.general.titleReviews.trim() || pageStringsFor(record).pages.reviewsTitle,
    widgetClass: reviewsWidgetClass(record),
    gmbLink: record.gmb.link,
  }
}

export function videosView(record: PageRecord) {
  const { linkCanalYT, links } = record.ytGallery
  return { image: imageAt(record, 2), channelUrl: linkCanalYT, videoIds: galleryVideoIds(links), companyName: record.dbPrincipal.name }
}

export function contactView(record: PageRecord) {
  const first = firstOf(record)
  return {
    headerImage: imageAt(record, 1),
    photo: record.stock[0] || imageAt(record, 0),
    cards: { phones: phoneViews(record), address: first.address, workday: first.workday, workHour: first.workHour },
    coverage: coverage(record),
  }
}

/** The links page has none of the shared layout, so it gets its own small view. */
export function findUsView(record: PageRecord) {
  const first = firstOf(record)
  const phone = firstPhone(record).view
  return {
    name: record.dbPrincipal.name,
    logo: record.dbPrincipal.logo,
    slogan: first.slogan,
    address: first.address,
    phone,
    backdrop: imageAt(record, 0),
    variant: findUsVariant(record),
    gmb: record.gmb,
    chatHref: phone ? whatsappHref(phone.dial) : '',
    directories: record.dbSocialMedia.directorios,
    socials: record.dbSocialMedia.redes,
  }
}
export type FindUsView = ReturnType<typeof findUsView>
