import { telHref } from '#app/record/contact-links.ts'
import type { FindUsView } from '#app/record/page-views.ts'
import { Icon } from '#app/ui/icon.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { FindUsLinks } from './find-us-links.server.tsx'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'
import { LOGO_HEIGHT } from '#app/ui/picture-places.ts'

/** The whole "link in bio" page, one static block (routes/find-us-on.tsx). */
export function FindUsOnPage({ name, logo, slogan, address, phone, backdrop, variant, gmb, chatHref, directories, socials }: FindUsView) {
  const page = usePageStrings()
  return (
    <div className="relative isolate min-h-dvh overflow-hidden bg-third px-4 py-10 sm:py-16">
      {backdrop ? (
        <ResponsiveImage
          src={backdrop}
          alt=""
          width={1200}
          height={800}
          // Not the largest paint (a picture filling the screen is a background to the browser) and seen through
          // a gradient of 85–90 %: asked for at low priority and at a third of its resolution, not preloaded before
          // the business profile's picture (issue 46).
          loading="eager"
          fetchPriority="low"
          cover={[{ width: '100vw', height: '100vh' }]}
          veil="backdrop"
          className="fixed inset-0 -z-20 size-full object-cover"
        />
      ) : null}
      <div aria-hidden="true" className="fixed inset-0 -z-10 bg-gradient-to-b from-main/85 via-third/90 to-third" />
      <main className="mx-auto w-full max-w-md">
        <div className="rounded-3xl bg-slate-50 px-5 pb-8 pt-10 shadow-2xl ring-1 ring-black/10 sm:px-8">
          <div className="text-center">
            <div className="mx-auto mb-5 flex w-fit items-center justify-center rounded-2xl bg-white px-5 py-3 shadow-md ring-1 ring-black/5">
              {logo ? (
                <ResponsiveImage
                  src={logo}
                  alt=""
                  width={200}
                  height={60}
                  displayHeight={LOGO_HEIGHT.findUsOn}
                  // At once but after the business profile's picture, the largest paint, as the header's logo (decision 235).
                  loading="eager"
                  fetchPriority="low"
                  className="h-14 w-auto"
                />
              ) : (
                <Icon icon="globe" className="size-10 text-main-ink" />
              )}
            </div>
            <h1 className="text-2xl leading-tight sm:text-3xl">{name || page.pages.findUsOnline}</h1>
            {slogan ? <p className="mt-2 text-paragraph">{slogan}</p> : null}
            {address ? (
              <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-paragraph">
                <Icon icon="location-dot" className="size-3.5 text-secondary-ink" />
                {address}
              </p>
            ) : null}
          </div>
          <div className="mt-8">
            <FindUsLinks variant={variant} gmb={gmb} chatHref={chatHref} directories={directories} socials={socials} />
          </div>
          <div className="mt-10 flex flex-col gap-3 border-t border-slate-200 pt-6">
            {phone ? (
              <a href={telHref(phone.dial)} className="btn-primary">
                <Icon icon="phone" className="size-4" />
                {page.sections.callPhone(phone.phone)}
              </a>
            ) : null}
            <a
              href="/"
              className="inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 font-semibold text-main-ink ring-2 ring-main transition-colors hover:bg-main hover:text-on-main"
            >
              <Icon icon="globe" className="size-4" />
              {page.pages.visitWebsite}
            </a>
          </div>
        </div>
        <p className="mt-6 text-center text-sm text-on-third-soft">© {name || page.pages.ourCompany}</p>
      </main>
    </div>
  )
}
