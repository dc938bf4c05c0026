import fs from 'node:fs'
import fc from 'fast-check'

const demo = JSON.parse(fs.readFileSync(new URL('../../demo/record.json', import.meta.url), 'utf8')) as Record<string, unknown>

/**
 * Anything at all where a record has a value. Its URLs name this machine only (ports nothing listens
 * on, or addresses the outbound client refuses), so a test serving random records never sends the
 * server's image or relay requests anywhere else.
 */
const leaf = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('http://127.0.0.1:9/photo.jpg', 'https://127.0.0.2:9/logo.png', 'http://localhost:9/a?b=c', '//127.0.0.1:9/x'),
  fc.constantFrom('javascript:alert(1)', '#fff', '<script>x</script>', 'rgb(1 2 3)', '555'),
)

export const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
  ),
})).value

/** Records shaped like the real one (its keys), with anything at all as values. */
export const recordLike = fc.record(Object.fromEntries(Object.keys(demo).map((key) => [key, anyValue])), { requiredKeys: [] })
