import { Link } from 'react-router'
import { firstOf, telHref, whatsappHref } from '#app/record/contact-links.ts'
import { imageAt } from '#app/record/home-content.ts'
import { pageMeta } from '#app/record/route-meta.ts'
import { useRecord } from '#app/record/use-record.ts'
import { FindUsLinks } from '#app/sections/find-us-links.tsx'
import { findUsVariant } from '#app/sections/find-us-variant.ts'
import { Icon } from '#app/ui/icon.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import type { Route } from './+types/find-us-on'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Find Us On', matches)

/** The "link in bio" page: its own head, none of the shared layout (see routes.ts). */
export default function FindUsOn() {
  const record = useRecord()
  const { name, logo } = record.dbPrincipal
  const first = firstOf(record)
  const backdrop = imageAt(record, 0)
  return (
    <div className="relative isolate min-h-dvh overflow-hidden bg-third px-4 py-10 sm:py-16">
      {backdrop ? <ResponsiveImage src={backdrop} alt="" width={1200} height={800} priority className="fixed inset-0 -z-20 size-full object-cover" /> : null}
      <div aria-hidden="true" className="fixed inset-0 -z-10 bg-gradient-to-b from-main/85 via-third/90 to-third" />
      <main className="mx-auto w-full max-w-md">
        <div className="rounded-3xl bg-slate-50 px-5 pb-8 pt-10 shadow-2xl ring-1 ring-black/10 sm:px-8">
          <div className="text-center">
            <div className="mx-auto mb-5 flex w-fit items-center justify-center rounded-2xl bg-white px-5 py-3 shadow-md ring-1 ring-black/5">
              {logo ? <img src={logo} alt="" width={200} height={60} className="h-14 w-auto" /> : <Icon icon="globe" className="size-10 text-main" />}
            </div>
            <h1 className="text-2xl leading-tight sm:text-3xl">{name || 'Find us online'}</h1>
            {first.slogan ? <p className="mt-2 text-paragraph">{first.slogan}</p> : null}
            {first.address ? (
              <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-paragraph">
                <Icon icon="location-dot" className="size-3.5 text-secondary" />
                {first.address}
              </p>
            ) : null}
          </div>
          <div className="mt-8">
            <FindUsLinks
              variant={findUsVariant(record)}
              gmb={record.gmb}
              chatHref={first.phone ? whatsappHref(first.phone) : ''}
              directories={record.dbSocialMedia.directorios}
              socials={record.dbSocialMedia.redes}
            />
          </div>
          <div className="mt-10 flex flex-col gap-3 border-t border-slate-200 pt-6">
            {first.phone ? (
              <a href={telHref(first.phone)} className="btn-primary">
                <Icon icon="phone" className="size-4" />
                Call {first.phone}
              </a>
            ) : null}
            <Link to="/" className="inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 font-semibold text-main ring-2 ring-main transition-colors hover:bg-main hover:text-white">
              <Icon icon="globe" className="size-4" />
              Visit our website
            </Link>
          </div>
        </div>
        <p className="mt-6 text-center text-sm text-white/80">
          © {name || 'Our company'}
        </p>
      </main>
    </div>
  )
}
