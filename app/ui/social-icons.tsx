import {
  faFacebook,
  faGoogle,
  faHouzz,
  faInstagram,
  faLinkedin,
  faPinterest,
  faSnapchat,
  faThreads,
  faTiktok,
  faWhatsapp,
  faXTwitter,
  faYelp,
  faYoutube,
} from '@fortawesome/free-brands-svg-icons'
import { faLink, type IconDefinition } from '@fortawesome/free-solid-svg-icons'
import type { SocialLink } from '#app/record/schema.ts'
import { Icon } from './icon.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

/** The Font Awesome brand names records use; only these are bundled, anything else gets a link icon. */
const brands: Record<string, IconDefinition> = {
  facebook: faFacebook,
  'facebook-f': faFacebook,
  'facebook-square': faFacebook,
  instagram: faInstagram,
  google: faGoogle,
  yelp: faYelp,
  youtube: faYoutube,
  tiktok: faTiktok,
  'x-twitter': faXTwitter,
  twitter: faXTwitter,
  linkedin: faLinkedin,
  'linkedin-in': faLinkedin,
  pinterest: faPinterest,
  houzz: faHouzz,
  whatsapp: faWhatsapp,
  threads: faThreads,
  snapchat: faSnapchat,
}

/** "fab fa-facebook-f", "fa-facebook" or "Facebook" → its brand icon. */
export function brandIcon(name: string): IconDefinition {
  const key = name.toLowerCase().trim().split(/\s+/).pop()!.replace(/^fa-/, '')
  return brands[key] ?? faLink
}

type Props = { links: SocialLink[]; className?: string; iconClassName?: string }

/** Social links as icon buttons, each named for screen readers by its network. */
export function SocialIcons({ links, className = 'flex gap-2', iconClassName = 'size-4' }: Props) {
  const usable = links.filter((l) => l.url)
  const t = useStrings()
  if (!usable.length) return null
  return (
    <ul className={className}>
      {usable.map((link) => (
        <li key={link.url}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className="grid size-9 place-items-center rounded-full transition-colors hover:bg-white/15"
          >
            <Icon icon={brandIcon(link.icon || link.name)} className={iconClassName} />
            <span className="sr-only">{link.name || link.icon || t.a11y.socialProfile} {t.a11y.opensInNewTab}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
