import type { z } from 'zod'
import { fieldPath } from './parse-issues.ts'
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

/** Every picture with the fields that name it (e.g. `dbServices[0].description[1].img`), in record order. */
export function recordImageFields(record: PageRecord): Map<string, string[]> {
  const fields = new Map<string, string[]>()
  mapImages(pageRecordSchema, record, (url, path) => (fields.set(url, [...(fields.get(url) ?? []), fieldPath(path)]), url), [])
  return fields
}

/** A copy of the record with every non-empty image URL replaced by `replace(url)`. */
export function mapRecordImages(record: PageRecord, replace: (url: string) => string): PageRecord {
  return mapImages(pageRecordSchema, record, replace, []) as PageRecord
}

type Replace = (url: string, path: (string | number)[]) => string

function mapImages(schema: z.ZodType, value: unknown, replace: Replace, path: (string | number)[]): unknown {
  if (schema === imageUrl) return typeof value === 'string' && value ? replace(value, path) : value
  const node = schemaNode(schema)
  if (node?.kind === 'list' && Array.isArray(value)) return value.map((item, i) => mapImages(node.item, item, replace, [...path, i]))
  if (node?.kind === 'object' && typeof value === 'object' && value !== null) {
    const source = value as Record<string, unknown>
    const out: Record<string, unknown> = { ...source }
    for (const [key, field] of Object.entries(node.shape)) out[key] = mapImages(field, source[key], replace, [...path, key])
    return out
  }
  return value
}
