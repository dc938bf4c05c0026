import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** Test support: an Open-Meteo-compatible forecast + geocoding API on 127.0.0.1, recording every request. */
export interface FakeWeatherOptions {
  current?: { temperature_2m: number; weather_code: number; wind_speed_10m: number; wind_direction_10m?: number }
  /** Geocoding hits by searched name; a name not listed finds nothing. */
  places?: Record<string, { latitude: number; longitude: number; name: string; admin1?: string }>
  /** Delay before answering, to exercise the timeout. */
  delayMs?: number
}

export async function startFakeWeather(options: FakeWeatherOptions = {}) {
  const current = options.current ?? { temperature_2m: 71.6, weather_code: 2, wind_speed_10m: 8.4, wind_direction_10m: 315 }
  const requests: URL[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    requests.push(url)
    const answer = (status: number, body: unknown) => {
      setTimeout(() => {
        if (res.destroyed) return
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
      }, options.delayMs ?? 0)
    }
    if (url.pathname === '/v1/forecast') {
      return answer(200, {
        latitude: Number(url.searchParams.get('latitude')),
        current: { time: '2025-06-01T14:15', interval: 900, ...current },
      })
    }
    if (url.pathname === '/v1/search') {
      const hit = options.places?.[url.searchParams.get('name') ?? '']
      return answer(200, hit ? { results: [{ id: 1, country_code: 'US', ...hit }] } : { generationtime_ms: 0.1 })
    }
    answer(404, { error: true, reason: 'Not Found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    forecasts: () => requests.filter((r) => r.pathname === '/v1/forecast'),
    searches: () => requests.filter((r) => r.pathname === '/v1/search'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections()),
  }
}

/** A local URL where nothing listens: connections are refused at once. */
export async function unreachableUrl() {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}
