import { z } from 'zod'

const port = z.coerce.number().int().min(0).max(65535)
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v.replace(/\/+$/, ''))
  .pipe(z.url({ protocol: /^https?$/ }))
  .optional()

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PAGE_API_URL: optionalUrl,
  PAGE_ID: z.string().trim().regex(/^[\w-]{1,100}$/, 'letters, digits, _ or - only').default('demo'),
  RECORD_TTL_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  RECORD_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(5_000),
  DATA_DIR: z.string().min(1).default('./data'),
  SITE_URL: optionalUrl,
  WEATHER_API_URL: optionalUrl,
  WEATHER_GEOCODING_URL: optionalUrl,
  TRUST_PROXY: z.string().optional(),
  /** Disk the record images' variants may take under DATA_DIR/images. */
  IMAGE_DISK_MB: z.coerce.number().positive().default(2048),
  /** How long fetching one record image may take. */
  IMAGE_TIMEOUT_MS: z.coerce.number().int().positive().max(300_000).default(20_000),
  /** Contact-form posts one client IP may make per 10 minutes. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().positive().max(10_000).default(5),
})

export type Env = z.infer<typeof envSchema>

/** Parses the environment once, failing with a readable list of every wrong variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const result = envSchema.safeParse(present)
  if (result.success) return result.data
  const problems = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(present[String(i.path[0])])})`)
  throw new Error(`Invalid environment configuration:\n${problems.join('\n')}`)
}
