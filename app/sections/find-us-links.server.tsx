import type { PageRecord } from '#app/record/schema.ts'
import { Icon } from '#app/ui/icon.tsx'
import { brandIcon } from '#app/layout/social-icons.server.tsx'
import { linkableEntries, type FindUsVariant } from '#app/record/find-us-variant.ts'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { useFixedEnglish, useStrings } from '#app/i18n/use-strings.ts'
import { CHAT_REPLY_TIME } from '#app/i18n/spec-english.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'
import { FIND_US_LINK_WIDTH } from '#app/ui/picture-places.ts'

type Props = {
  variant: FindUsVariant
  gmb: PageRecord['gmb']
  /** The chat-app link for the first phone, or '' when there is no phone. */
  chatHref: string
  directories: PageRecord['dbSocialMedia']['directorios']
  socials: PageRecord['dbSocialMedia']['redes']
}

const external = { target: '_blank', rel: 'noopener noreferrer' } as const
function NewTab() {
  return <span className="sr-only"> {useStrings().a11y.opensInNewTab}</span>
}
const pill =
  'flex min-h-14 w-full items-center gap-4 rounded-2xl px-5 py-3 text-left font-semibold shadow-sm ring-1 transition hover:-translate-y-0.5 hover:shadow-lg'

function Heading({ children }: { children: React.ReactNode }) {
  return <h2 className="mb-3 mt-8 text-center text-xs font-bold uppercase tracking-[0.2em] text-paragraph">{children}</h2>
}

/** How wide a picture link's place is (picture-places.ts): the card's width, or half of it less the gap. */
const { full, half } = FIND_US_LINK_WIDTH
const FULL_WIDTH = `(min-width: 640px) ${full.wide}px, min(100vw - 72px, ${full.phone}px)`
const HALF_WIDTH = `(min-width: 640px) ${half.wide}px, min(50vw - 41px, ${half.phone}px)`

/**
 * A picture link: as wide as its place, or as its picture when that holds fewer pixels (it is never stretched), centred.
 * `priority`: the business profile's, the page's largest paint on a phone (issue 46). The others (directories, social
 * profiles), several of them on a phone's first screen, ask for low priority: on screen the browser would raise them to
 * high and share the line with the profile's picture (decision 235).
 */
function ImageLink({
  href,
  image,
  label,
  sizes,
  priority,
}: {
  href: string
  image: string
  label: string
  sizes: string
  priority?: boolean
}) {
  return (
    <a
      href={href}
      {...external}
      className="mx-auto block w-fit max-w-full overflow-hidden rounded-xl shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg"
    >
      <ResponsiveImage
        src={image}
        alt={label}
        width={240}
        height={80}
        sizes={sizes}
        priority={priority}
        fetchPriority={priority ? 'high' : 'low'}
        className="block h-auto w-full"
      />
      <NewTab />
    </a>
  )
}

function TextLink({ href, label, icon, detail }: { href: string; label: string; icon?: React.ReactNode; detail?: string }) {
  return (
    <a href={href} {...external} className={`${pill} bg-white text-heading ring-black/10`}>
      {icon}
      <span className="min-w-0 flex-1">
        {label}
        {detail ? <span className="block text-sm font-normal text-paragraph">{detail}</span> : null}
      </span>
      <Icon icon="arrow-up-right-from-square" className="size-3.5 shrink-0 text-paragraph" />
      <NewTab />
    </a>
  )
}

/** The "link in bio" list: business listing, chat, directories and social profiles, as pictures when the record has them. */
export function FindUsLinks({ variant, gmb, chatHref, directories, socials }: Props) {
  const t = useStrings()
  const page = usePageStrings()
  const fixedEnglish = useFixedEnglish()
  const pictures = variant === 'images'
  const dirs = linkableEntries(directories)
  const nets = linkableEntries(socials)
  const iconBadge = (node: React.ReactNode, tone: string) => (
    <span className={`grid size-10 shrink-0 place-items-center rounded-xl ${tone}`}>{node}</span>
  )
  return (
    <div>
      <ul className="space-y-3">
        {gmb.link ? (
          <li>
            {pictures && gmb.img ? (
              <ImageLink href={gmb.link} image={gmb.img} label={page.sections.googleProfile} sizes={FULL_WIDTH} priority />
            ) : (
              <TextLink
                href={gmb.link}
                label={page.sections.findUsOnGoogle}
                detail={page.sections.googleDetail}
                icon={iconBadge(<Icon icon="google" className="size-5" />, 'bg-[#1a73e8] text-white')}
              />
            )}
          </li>
        ) : null}
        {chatHref ? (
          <li>
            <a href={chatHref} {...external} className={`${pill} bg-[#075e54] text-white ring-transparent`}>
              {iconBadge(<Icon icon="whatsapp" className="size-6" />, 'bg-white/15')}
              <span className="flex-1">
                {page.sections.chatOnWhatsApp}
                <span lang={fixedEnglish} className="block text-sm font-normal text-white/85">
                  {CHAT_REPLY_TIME}
                </span>
              </span>
              <NewTab />
            </a>
          </li>
        ) : null}
      </ul>
      {dirs.length ? (
        <section aria-label={t.a11y.directories}>
          <Heading>
            <Icon icon="star" className="mr-1.5 inline size-3 -translate-y-px text-secondary-ink" />
            {page.sections.ratedOn}
          </Heading>
          <ul className={pictures ? 'grid grid-cols-2 gap-3' : 'space-y-3'}>
            {dirs.map((d) => (
              <li key={d.url}>
                {pictures && d.image ? (
                  <ImageLink href={d.url} image={d.image} label={d.label} sizes={HALF_WIDTH} />
                ) : (
                  <TextLink href={d.url} label={d.label} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {nets.length ? (
        <section aria-label={t.a11y.socialProfiles}>
          <Heading>{page.sections.followUs}</Heading>
          {pictures && nets.some((n) => n.image) ? (
            <ul className="grid grid-cols-2 gap-3">
              {nets.map((n) => (
                <li key={n.url}>
                  {n.image ? (
                    <ImageLink href={n.url} image={n.image} label={n.label} sizes={HALF_WIDTH} />
                  ) : (
                    <TextLink href={n.url} label={n.label} icon={<Icon icon={brandIcon(n.icon || n.name)} className="size-5" />} />
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <ul className="flex flex-wrap justify-center gap-3">
              {nets.map((n) => (
                <li key={n.url}>
                  <a
                    href={n.url}
                    {...external}
                    className="grid size-12 place-items-center rounded-full bg-main text-on-main shadow-md transition hover:-translate-y-0.5 hover:bg-third hover:text-on-third"
                  >
                    <Icon icon={brandIcon(n.icon || n.name)} className="size-5" />
                    <span className="sr-only">
                      {n.label} {t.a11y.opensInNewTab}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  )
}
