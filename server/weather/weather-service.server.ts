import { z } from 'zod'
import { coordinatesFromMapUrl, geocodingQueries, type Coordinates } from './coordinates.ts'
import type { WeatherResult } from './weather-result.ts'
import { withoutTrailingSlashes } from '#app/record/absolute-url.ts'
import { compassPoint, describeWeatherCode } from './wmo-codes.ts'
import { logFor } from '../observability/log.js'

export const WEATHER_TIMEOUT_MS = 3_000
export const WEATHER_CACHE_MS = 30 * 60_000
/** A failed lookup is remembered briefly, so a down service costs one wait per minute, not one per visitor. */
export const WEATHER_FAILURE_CACHE_MS = 60_000
const MAX_CACHED_PLACES = 50

export const DEFAULT_WEATHER_API_URL = 'https://api.open-meteo.com'
export const DEFAULT_GEOCODING_API_URL = 'https://geocoding-api.open-meteo.com'

/** With WEATHER_API_URL set, geocoding goes to the same host unless given its own, so one fake serves both. */
export function weatherEndpoints(env: { WEATHER_API_URL?: string; WEATHER_GEOCODING_URL?: string }) {
  return {
    forecastUrl: env.WEATHER_API_URL ?? DEFAULT_WEATHER_API_URL,
    geocodingUrl: env.WEATHER_GEOCODING_URL ?? env.WEATHER_API_URL ?? DEFAULT_GEOCODING_API_URL,
  }
}

export interface WeatherLocation {
  address: string
  mapUrl: string
}

export interface WeatherServiceOptions {
  forecastUrl: string
  geocodingUrl: string
  timeoutMs?: number
  cacheMs?: number
  failureCacheMs?: number
  now?: () => number
  warn?: (message: string) => void
}

const forecastSchema = z.object({
  current: z.object({
    time: z.string(),
    temperature_2m: z.number(),
    weather_code: z.number().int(),
    wind_speed_10m: z.number(),
    wind_direction_10m: z.number().optional(),
  }),
})

const geocodingSchema = z.object({
  results: z.array(z.object({ latitude: z.number(), longitude: z.number(), name: z.string(), admin1: z.string().optional() })).optional(),
})

class LookupError extends Error {
  constructor(
    readonly reason: 'not-found' | 'unreachable' | 'bad-response',
    message: string,
  ) {
    super(message)
  }
}

export type WeatherService = ReturnType<typeof createWeatherService>

/** Current conditions for the business location, from an Open-Meteo-compatible API; never throws. */
export function createWeatherService(options: WeatherServiceOptions) {
  const { timeoutMs = WEATHER_TIMEOUT_MS, cacheMs = WEATHER_CACHE_MS } = options
  const { failureCacheMs = WEATHER_FAILURE_CACHE_MS, now = Date.now, warn = logFor('weather').warn } = options
  const forecastUrl = withoutTrailingSlashes(options.forecastUrl)
  const geocodingUrl = withoutTrailingSlashes(options.geocodingUrl)
  const cache = new Map<string, { expires: number; result: Promise<WeatherResult> }>()

  async function getJson<T>(url: URL, schema: z.ZodType<T>, signal: AbortSignal): Promise<T> {
    let response: Response
    try {
      response = await fetch(url, { signal, headers: { Accept: 'application/json' } })
    } catch (error) {
      throw new LookupError('unreachable', `${url.origin}: ${(error as Error).message}`)
    }
    if (!response.ok) throw new LookupError('unreachable', `${url.origin}: HTTP ${response.status}`)
    const parsed = schema.safeParse(await response.json().catch(() => undefined))
    if (!parsed.success) throw new LookupError('bad-response', `${url.origin}: unexpected answer`)
    return parsed.data
  }

  async function geocode(address: string, signal: AbortSignal): Promise<Coordinates & { place: string }> {
    for (const query of geocodingQueries(address)) {
      const url = new URL(`${geocodingUrl}/v1/search`)
      url.search = new URLSearchParams({ ...query, count: '1', language: 'en', format: 'json' }).toString()
      const [hit] = (await getJson(url, geocodingSchema, signal)).results ?? []
      if (hit) return { latitude: hit.latitude, longitude: hit.longitude, place: [hit.name, hit.admin1].filter(Boolean).join(', ') }
    }
    throw new LookupError('not-found', `no coordinates for "${address}"`)
  }

  async function lookUp({ address, mapUrl }: WeatherLocation): Promise<WeatherResult> {
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      const fromMap = coordinatesFromMapUrl(mapUrl)
      const where = fromMap ? { ...fromMap, place: address } : await geocode(address, signal)
      const url = new URL(`${forecastUrl}/v1/forecast`)
      url.search = new URLSearchParams({
        latitude: String(where.latitude),
        longitude: String(where.longitude),
        current: 'temperature_2m,weather_code,wind_speed_10m,wind_direction_10m',
        temperature_unit: 'fahrenheit',
        wind_speed_unit: 'mph',
        timezone: 'auto',
      }).toString()
      const { current } = await getJson(url, forecastSchema, signal)
      return {
        status: 'ok',
        temperatureF: Math.round(current.temperature_2m),
        code: current.weather_code,
        ...describeWeatherCode(current.weather_code),
        windMph: Math.round(current.wind_speed_10m),
        windFrom: compassPoint(current.wind_direction_10m),
        place: where.place || address,
        observedAt: current.time,
      }
    } catch (error) {
      const reason = error instanceof LookupError ? error.reason : 'unreachable'
      warn(`[weather] unavailable (${reason}): ${(error as Error).message}`)
      return { status: 'unavailable', reason }
    }
  }

  return {
    /** Resolves within the timeout; concurrent and repeated calls for one place share one lookup. */
    current(location: WeatherLocation): Promise<WeatherResult> {
      if (!location.address.trim() && !coordinatesFromMapUrl(location.mapUrl)) {
        return Promise.resolve({ status: 'unavailable', reason: 'no-location' })
      }
      const key = `${location.address}\n${location.mapUrl}`
      const cached = cache.get(key)
      if (cached && cached.expires > now()) return cached.result
      if (cache.size >= MAX_CACHED_PLACES) cache.delete(cache.keys().next().value!)
      const entry = { expires: Number.POSITIVE_INFINITY, result: lookUp(location) }
      cache.set(key, entry)
      // Only sets the expiry; lookUp answers every failure as a result and never rejects (callers get entry.result).
      void entry.result.then((r) => (entry.expires = now() + (r.status === 'ok' ? cacheMs : failureCacheMs)))
      return entry.result
    },
  }
}
