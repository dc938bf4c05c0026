import { useEffect, useState } from 'react'
import type { WeatherKind, WeatherResult } from '#server/weather/weather-result.ts'
import { Icon, type IconName } from '#app/ui/icon.tsx'
import { PANEL_LOADER_MS, TypingLoader, useElapsed } from './typing-loader.tsx'
import { useFormatNumber } from '#app/i18n/use-strings.ts'
import { useWidgetStrings } from '#app/i18n/widget-strings.ts'

/** Our server answers within its own 3 s timeout; this only guards against a stalled connection. */
const WEATHER_REQUEST_TIMEOUT_MS = 10_000

const KIND_ICONS: Record<WeatherKind, IconName> = {
  clear: 'sun',
  'partly-cloudy': 'cloud-sun',
  cloudy: 'cloud',
  fog: 'smog',
  drizzle: 'cloud-rain',
  rain: 'cloud-rain',
  snow: 'snowflake',
  storm: 'cloud-bolt',
}

function useWeather() {
  const [result, setResult] = useState<WeatherResult | null>(null)
  useEffect(() => {
    let live = true
    fetch('/api/weather', { signal: AbortSignal.timeout(WEATHER_REQUEST_TIMEOUT_MS) })
      .then((r) => (r.ok ? (r.json() as Promise<WeatherResult>) : Promise.reject(new Error(`HTTP ${r.status}`))))
      .catch((): WeatherResult => ({ status: 'unavailable', reason: 'unreachable' }))
      .then((r) => live && setResult(r))
    return () => {
      live = false
    }
  }, [])
  return result
}

/** Weather panel body: current conditions at the business location, or a plain note when unavailable. */
export default function WeatherWidget() {
  const w = useWidgetStrings()
  const formatNumber = useFormatNumber()
  const elapsed = useElapsed(PANEL_LOADER_MS)
  const weather = useWeather()
  if (!elapsed || !weather) {
    return (
      <div className="p-4" aria-live="polite">
        <TypingLoader label={w.widgets.checkingWeather} />
      </div>
    )
  }
  if (weather.status !== 'ok') {
    return (
      <div className="p-4" aria-live="polite">
        <p className="font-semibold text-heading">{w.widgets.weatherUnavailable}</p>
        <p className="mt-1 text-sm">{w.widgets.checkBackLater}</p>
      </div>
    )
  }
  return (
    <div className="p-4" aria-live="polite">
      <div className="flex items-center gap-4">
        <Icon icon={KIND_ICONS[weather.kind]} className="size-12 shrink-0 text-secondary-ink" />
        <div>
          <p className="text-4xl font-extrabold text-heading">{formatNumber(weather.temperatureF)}°F</p>
          <p className="font-semibold text-heading">{w.weather.conditions[weather.code] ?? w.weather.current}</p>
        </div>
      </div>
      <p className="mt-3 flex items-center gap-2 text-sm">
        <Icon icon="wind" className="size-4 text-main-ink" />
        {w.widgets.wind(formatNumber(weather.windMph), weather.windFrom && w.weather.compassPoint(weather.windFrom))}
      </p>
      {weather.place ? <p className="mt-1 text-sm text-paragraph">{w.widgets.near(weather.place)}</p> : null}
    </div>
  )
}
