import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'

/** The spec's anti-forgery pair: a cookie and a matching header (or, without JavaScript, a form field). */
export const CSRF_COOKIE = 'XSRF-TOKEN'
export const CSRF_HEADER = 'x-xsrf-token'
export { CSRF_FIELD } from '#app/forms/estimate-form.ts'

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return undefined
}

/** Gives every visitor a token cookie (double-submit pattern) and exposes it as res.locals.csrfToken. */
export function csrfCookie(req: Request, res: Response, next: NextFunction) {
  let token = readCookie(req.headers.cookie, CSRF_COOKIE)
  if (!token || !/^[\w-]{20,64}$/.test(token)) {
    token = randomBytes(18).toString('base64url')
    res.cookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: req.secure, maxAge: 30 * 24 * 3600 * 1000 })
  }
  res.locals.csrfToken = token
  next()
}

/** True when the request's submitted token (header or form field) matches its cookie. */
export function csrfMatches(cookieHeader: string | null, submitted: string | null | undefined): boolean {
  const cookie = readCookie(cookieHeader ?? undefined, CSRF_COOKIE)
  if (!cookie || !submitted) return false
  const a = Buffer.from(cookie)
  const b = Buffer.from(submitted)
  return a.length === b.length && timingSafeEqual(a, b)
}
