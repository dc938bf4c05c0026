/** What /api/weather answers; shared by the server service and the weather panel. */
export type WeatherKind = 'clear' | 'partly-cloudy' | 'cloudy' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'storm'

export type WeatherResult =
  | {
      status: 'ok'
      temperatureF: number
      /** The WMO weather code, which the page puts in words in its own language. */
      code: number
      description: string
      kind: WeatherKind
      windMph: number
      /** 16-point compass direction the wind blows from, e.g. "NW". */
      windFrom: string | null
      place: string
      /** The provider's observation time, local to the place (ISO without offset). */
      observedAt: string
    }
  | { status: 'unavailable'; reason: 'no-location' | 'not-found' | 'unreachable' | 'bad-response' }
