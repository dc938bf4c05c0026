import { notFound } from '#server/console/authorize.server.ts'

/** Any other address: the console's 404 page (the root's boundary). */
export function loader(): never {
  notFound()
}
export const action = loader
