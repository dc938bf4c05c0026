import type { z } from 'zod'
import { imageUrl, pageRecordSchema, schemaNode, type PageRecord } from './schema.ts'

/**
 * Every picture the record points at, found by walking the schema beside the data: a field
 * declared as `imageUrl` in schema.ts is an image wherever it sits, so a new image field
 * cannot be forgotten by the image pipeline.
 */
export function recordImageUrls(record: PageRecord): string[] {
  const urls = new Set<string>()
  mapRecordImages(record, (url) => (urls.add(url), url))
  return [...urls]
}

/** A copy of the record with every non-empty image URL replaced by `replace(url)`. */
export function mapRecordImages(record: PageRecord, replace: (url: string) => string): PageRecord {
  return mapImages(pageRecordSchema, record, replace) as PageRecord
}

function mapImages(schema: z.ZodType, value: unknown, replace: (url: string) => string): unknown {
  if (schema === imageUrl) return typeof value === 'string' && value ? replace(value) : value
  const node = schemaNode(schema)
  if (node?.kind === 'list' && Array.isArray(value)) return value.map((item) => mapImages(node.item, item, replace))
  if (node?.kind === 'object' && typeof value === 'object' && value !== null) {
    const source = value as Record<string, unknown>
    const out: Record<string, unknown> = { ...source }
    for (const [key, field] of Object.entries(node.shape)) out[key] = mapImages(field, source[key], replace)
    return out
  }
  return value
}
