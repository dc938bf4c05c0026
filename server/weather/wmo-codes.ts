import { widgetStrings } from '#app/i18n/widget-strings.ts'
import type { WeatherKind } from './weather-result.ts'

/** WMO weather interpretation codes, as Open-Meteo reports them in `weather_code`; their words are in app/i18n/widget-strings.ts. */
const WMO_KINDS: Record<number, WeatherKind> = {
  0: 'clear',
  1: 'clear',
  2: 'partly-cloudy',
  3: 'cloudy',
  45: 'fog',
  48: 'fog',
  51: 'drizzle',
  53: 'drizzle',
  55: 'drizzle',
  56: 'drizzle',
  57: 'drizzle',
  61: 'rain',
  63: 'rain',
  65: 'rain',
  66: 'rain',
  67: 'rain',
  71: 'snow',
  73: 'snow',
  75: 'snow',
  77: 'snow',
  80: 'rain',
  81: 'rain',
  82: 'rain',
  85: 'snow',
  86: 'snow',
  95: 'storm',
  96: 'storm',
  99: 'storm',
}

/** English words for the API's `description`; the page says them in its own language from `code`. */
export function describeWeatherCode(code: number): { description: string; kind: WeatherKind } {
  const words = widgetStrings.en.weather
  return { description: words.conditions[code] ?? words.current, kind: WMO_KINDS[code] ?? 'partly-cloudy' }
}

const COMPASS = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW']

export function compassPoint(degrees: number | undefined): string | null {
  if (degrees === undefined || !Number.isFinite(degrees)) return null
  return COMPASS[Math.round((((degrees % 360) + 360) % 360) / 22.5) % 16]!
}
