import { Form, NavLink } from 'react-router'
import type { Role } from '#server/storage/console-storage.ts'

const navClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 font-semibold ${isActive ? 'bg-blue-50 text-blue-800 underline' : 'text-slate-800 no-underline'}`

/** The console's header: its name, and for a signed-in person the places their role may go, and signing out. */
export function ConsoleHeader({ person }: { person: { email: string; role: Role } | null }) {
  return (
    <header className="border-b border-slate-300 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2 sm:px-6">
        <a href={person ? '/sites' : '/'} className="min-h-11 py-2.5 text-lg font-bold text-slate-900 no-underline">
          Agency console
        </a>
        {person ? (
          <nav aria-label="Console" className="flex flex-1 basis-full flex-wrap items-center gap-1 sm:basis-auto">
            <NavLink to="/sites" className={navClass}>
              Sites
            </NavLink>
            {person.role !== 'contractor' ? (
              <NavLink to="/visitor-data" className={navClass}>
                Visitor data
              </NavLink>
            ) : null}
            {person.role === 'admin' ? (
              <>
                <NavLink to="/people" className={navClass}>
                  People
                </NavLink>
                <NavLink to="/activity" className={navClass}>
                  Activity
                </NavLink>
                <NavLink to="/tokens" className={navClass}>
                  API tokens
                </NavLink>
              </>
            ) : null}
            <NavLink to="/account" className={navClass}>
              Your account
            </NavLink>
            <Form method="post" action="/sign-out" className="ml-auto">
              <button type="submit" className="button-quiet">
                Sign out
              </button>
            </Form>
          </nav>
        ) : null}
      </div>
    </header>
  )
}
