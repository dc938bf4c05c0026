import { notShown, shown, type Shown } from './block-status.ts'
import { firstOf, telHref } from './contact-links.ts'
import { firstPhone } from './record-phones.ts'
import { beforeAfterPairs, galleryGroups } from './gallery-groups.ts'
import { brandingSection, homeReviewsBlock, promoVideoBlock, reviewsWidgetClass } from './home-content.ts'
import { footerNavigation, mainNavigation, reviewsPage, videosPage } from './navigation.ts'
import { reportLinks } from './report-links.ts'
import { widgetNames, type FieldIssue, type PageRecord } from './schema.ts'
import { yearsAndMiles } from './statistics.ts'
import { widgetBlocks } from './widget-settings.ts'
import { youtubeId } from './youtube.ts'

/**
 * The record report's pages: each block the pages render, shown or not and why, read from the same
 * views the loaders use (page-views.ts and the block functions it composes).
 */

export type ReportBlock = {
  name: string
  status: 'shown' | 'hidden' | 'off'
  reason?: { field: string; value: string; why: string }
  notes: string[]
}
const EMPTY = ['""', '[]', 'null', 'missing']
type ReportPage = { path: string; title: string; blocks: ReportBlock[] }

export function reportPages(record: PageRecord, issues: FieldIssue[]): ReportPage[] {
  // A block the record asked for with a value the parse refused is hidden, not merely off. An empty
  // value's refused parts explain it; a value that is there explains itself.
  const refused = (field: string, value: string) =>
    issues.find((i) => i.path === field || (EMPTY.includes(value) && (i.path.startsWith(`${field}.`) || i.path.startsWith(`${field}[`))))
  const block = (name: string, s: Shown<unknown>, notes: string[] = []): ReportBlock => {
    if (!s.reason) return { name, status: 'shown', notes }
    const { field, value, why, asked } = s.reason
    const issue = refused(field, value)
    const because = issue ? `${why} (the record's ${issue.path} ${issue.found} was refused)` : why
    return { name, status: asked || issue ? 'hidden' : 'off', reason: { field, value, why: because }, notes }
  }
  const given = (field: string, value: string, why: string) => (value ? shown(true) : notShown(field, value, why, false))
  const p = record.dbPrincipal
  const first = firstOf(record)
  const widgets = widgetBlocks(record)
  const phone = firstPhone(record)

  const everyPage = [
    block('Logo', given('dbPrincipal.logo', p.logo, 'no logo')),
    block('Header phone and call button', phone, phone.view ? [`calls ${telHref(phone.view.dial)}`] : ['The button links to /contact']),
    block('Menu', shown(true), [
      mainNavigation(record)
        .map((i) => (i.children ? `${i.label} (${i.children.length} in its dropdown)` : i.label))
        .join(', '),
    ]),
    block('Footer menu', shown(true), [
      footerNavigation(record)
        .map((i) => i.label)
        .join(', '),
    ]),
    block('Footer payment picture', paymentPicture(record)),
    block('Chat widget (WhatsappBtn)', widgets.chat),
    block('Visits counter (VisitsCounter)', widgets.visits),
    block('Call widget (CallUsNow)', widgets.call),
    block('Weather widget (Wheather)', widgets.weather),
    block('Review tab (ReviewTab)', widgets.reviews),
    block('Colour palette (ModalColores)', widgets.palette),
    ...record.simpleWidgets.flatMap((w, i) =>
      w.activo && !widgetNames.includes(w.val as never)
        ? [
            block(
              `Widget "${w.val}"`,
              notShown(`simpleWidgets[${i}].val`, w.val, `not a widget the site knows (${widgetNames.join(', ')})`, true),
            ),
          ]
        : [],
    ),
  ]
  const coverageMap = () =>
    first.mapUrl
      ? shown(true)
      : notShown('dbPrincipal.location[0].url', first.mapUrl, 'no map link for the first location', Boolean(first.address))
  const home = [
    block('Hero', shown(true)),
    block('Promo video', promoVideoBlock(record)),
    block(
      'Statistics: years and miles',
      yearsAndMiles(p),
      [yearsAndMiles(p).view ? '' : "shows 'Best Service' and 'Cost-Effectiveness' at 100%"].filter(Boolean),
    ),
    block('About with list', record.dbAbout[0] ? shown(true) : notShown('dbAbout', [], 'no about text', false)),
    block('Home reviews', homeReviewsBlock(record)),
    block('Branding logos', brandingSection(record)),
    block('Coverage map', coverageMap()),
  ]
  const groups = galleryGroups(record)
  const gallery = [
    ...record.beforeAfterGall.map((pair, i) =>
      block(
        `Before/after pair ${i + 1}`,
        beforeAfterPairs({ beforeAfterGall: [pair] }).length
          ? shown(true)
          : notShown(`beforeAfterGall[${i}].${pair.beforeImg ? 'afterImg' : 'beforeImg'}`, '', 'a pair needs both photos', true),
      ),
    ),
    ...record.landings.map((landing, i) =>
      block(
        `Landing "${landing.name}"`,
        groups.some((g) => g.href && g.name === landing.name.trim())
          ? shown(true)
          : landing.gallery.length
            ? notShown(`landings[${i}].name`, landing.name, 'a landing needs a name with letters or digits', true)
            : notShown(`landings[${i}].gallery`, landing.gallery, 'a landing needs photos', true),
      ),
    ),
    block('Photo grids', groups.length ? shown(true) : notShown('gallery', [], 'no landings, gallery or stock photos', false), [
      groups.map((g) => `${g.name} (${g.images.length} photos)`).join(', '),
    ]),
  ]
  const reviewsOn = reviewsPage(record)
  const videosOn = videosPage(record)
  const pages: ReportPage[] = [
    { path: '*', title: 'Every page', blocks: everyPage },
    { path: '/', title: 'Home', blocks: home },
    { path: '/gallery', title: 'Gallery', blocks: gallery },
    {
      path: '/reviews',
      title: 'Reviews',
      blocks: [
        block('Reviews page and menu entry', reviewsOn),
        ...(reviewsOn.view
          ? [
              block(
                'Reviews widget',
                reviewsWidgetClass(record) ? shown(true) : notShown('reviews.links[0]', '', 'no reviews widget id', true),
              ),
            ]
          : []),
      ],
    },
    {
      path: '/our-videos',
      title: 'Our Videos',
      blocks: [
        block('Videos page and menu entry', videosOn),
        ...record.ytGallery.links.map((link, i) =>
          block(
            `Video ${i + 1}`,
            youtubeId(link) ? shown(true) : notShown(`ytGallery.links[${i}]`, link, 'not a YouTube video link or id', true),
          ),
        ),
      ],
    },
    { path: '/contact', title: 'Contact', blocks: [block('Coverage map', coverageMap())] },
    {
      path: '/find-us-on',
      title: 'Find us on',
      blocks: [
        block('Business listing link', given('gmb.link', record.gmb.link, 'no gmb.link')),
        block('Chat-app link', phone),
        ...record.dbSocialMedia.directorios.map((d, i) =>
          block(
            `Directory "${d.name}"`,
            d.url ? shown(true) : notShown(`dbSocialMedia.directorios[${i}].url`, d.url, 'no link', Boolean(d.name)),
          ),
        ),
      ],
    },
  ]
  const entryPages: ReportPage = {
    path: '/{name}',
    title: 'Service and landing pages',
    blocks: reportLinks(record).map((link) =>
      block(
        `${link.kind === 'service' ? 'Service' : 'Landing'} "${link.name}" ${link.path || ''}`.trim(),
        link.problem ? notShown(link.field, link.name, link.problem, true) : shown(true),
        link.problem || link.specPath === link.path ? [] : [`${link.specPath} redirects here`],
      ),
    ),
  }
  return [...pages, entryPages]
}

function paymentPicture(record: PageRecord): Shown<true> {
  if (record.tiposPago.some((t) => t.activo && t.img)) return shown(true)
  const i = record.tiposPago.findIndex((t) => t.activo)
  return i >= 0
    ? notShown(`tiposPago[${i}].img`, '', 'an active payment entry needs a picture', true)
    : notShown('tiposPago', [], 'no active entry', false)
}
