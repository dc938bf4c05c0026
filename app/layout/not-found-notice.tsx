import { Link } from 'react-router'

/** The shared 404 block: what a visitor sees for any path that names nothing. */
export function NotFoundNotice() {
  return (
    <section className="container-page py-24 text-center">
      <h1 className="text-3xl sm:text-4xl">Page not found</h1>
      <p className="mx-auto mt-4 max-w-xl">We could not find that page. It may have moved, or the link may be mistyped.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/" className="btn-primary">
          Home
        </Link>
        <Link to="/services" className="btn-primary bg-main text-on-main hover:bg-third hover:text-on-third">
          Our services
        </Link>
      </div>
    </section>
  )
}
