import path from 'node:path'
import express from 'express'
import { IMAGE_PLACEHOLDER, hashOfKey } from '#app/ui/image-variants.ts'
import type { ImageStore } from './image-store.server.ts'

/** Variants are named by their content: a year, never revalidated. */
const IMMUTABLE_SECONDS = 365 * 24 * 3600

/** A neutral light box: stands in for a picture whose variants are not ready (or could not be made). */
const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 2" preserveAspectRatio="none"><rect width="3" height="2" fill="#e2e8f0"/></svg>'

/** GET /img/{hash}-{w}x{h}[p{crop width}]/[p]{width}.{format}: our variants, immutable; and the placeholder. */
export function imageRoutes(store: ImageStore) {
  const router = express.Router()
  router.get(IMAGE_PLACEHOLDER, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(PLACEHOLDER_SVG)
  })
  router.get('/img/:key/:file', async (req, res) => {
    const hash = hashOfKey(req.params.key)
    // The fleet's store may read it from the database into this origin's cache first.
    const file = hash && (await store.variantFile(hash, req.params.file))
    const notFound = () => res.status(404).set('Cache-Control', 'no-store').type('text').send('No such image.')
    if (!file) return void notFound()
    // This origin's disk could not take it: the bytes from the database, with the same caching.
    if (Buffer.isBuffer(file))
      return void res.set('Cache-Control', `public, max-age=${IMMUTABLE_SECONDS}, immutable`).type(path.extname(req.params.file)).send(file)
    // `root` keeps DATA_DIR out of the dotfile check (it may well sit under a dot folder).
    res.sendFile(file, { root: store.root, immutable: true, maxAge: IMMUTABLE_SECONDS * 1000 }, (error) => {
      if (error && !res.headersSent) notFound()
    })
  })
  return router
}
