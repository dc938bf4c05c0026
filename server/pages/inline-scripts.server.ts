import { createHash, randomBytes } from 'node:crypto'

/**
 * Inline scripts are allowed by the hash of their text, so a page needs no per-response nonce.
 * Only scripts the renderer itself marked count: the page is rendered with a throwaway nonce,
 * the scripts carrying it are hashed, and the marks are removed. Markup that somehow came from
 * a record could never carry the mark, so it would stay blocked, as it was with nonces.
 */
export const renderMark = () => randomBytes(18).toString('base64url')

export function hashMarkedScripts(html: string, mark: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${mark}"`
  const hashes = new Set<string>()
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!attributes!.includes(attribute) || /\ssrc=/.test(attributes!)) continue
    hashes.add(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`)
  }
  return { html: html.replaceAll(attribute, ''), hashes: [...hashes] }
}
