import { createHash, randomBytes } from 'node:crypto'

/** A secret for a URL or a cookie: 256 random bits. */
export const newToken = () => randomBytes(32).toString('base64url')

/** What is stored of a token: a leaked table gives no one a session or an invitation. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')
