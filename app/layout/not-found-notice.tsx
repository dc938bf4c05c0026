import { useStrings } from '#app/i18n/use-strings.ts'

/** The shared 404 block: what a visitor sees for any path that names nothing. */
export function NotFoundNotice() {
  const t = useStrings()
  return (
    <section className="container-page py-24 text-center">
      <h1 className="text-3xl sm:text-4xl">{t.errors.notFound}</h1>
      <p className="mx-auto mt-4 max-w-xl">{t.errors.notFoundText}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <a href="/" className="btn-primary">
          {t.errors.home}
        </a>
        <a href="/services" className="btn-primary bg-main text-on-main hover:bg-third hover:text-on-third">
          {t.errors.ourServices}
        </a>
      </div>
    </section>
  )
}
