import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { startFakeWeather, unreachableUrl } from '#tests/fake-weather.ts'
import { createWeatherService, weatherEndpoints, type WeatherServiceOptions } from './weather-service.server.ts'

const EMBED_URL = 'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3068.1!2d-104.9903!3d39.7392!2m3!1f0'
const DENVER = { latitude: 39.74, longitude: -104.99, name: 'Denver', admin1: 'Colorado' }

let fake: Awaited<ReturnType<typeof startFakeWeather>>
let clock = 0
let warnings: string[] = []

function service(extra: Partial<WeatherServiceOptions> = {}) {
  return createWeatherService({ forecastUrl: fake.url, geocodingUrl: fake.url, now: () => clock, warn: (m) => warnings.push(m), ...extra })
}

beforeEach(async () => {
  fake = await startFakeWeather({ places: { Denver: DENVER } })
  clock = 1_000_000
  warnings = []
})
afterEach(() => fake.close())

describe('weather service against a fake Open-Meteo', () => {
  test('coordinates come from the map URL: no geocoding, °F and mph requested, conditions described', async () => {
    const result = await service().current({ address: '1234 Main St, Denver, CO 80202', mapUrl: EMBED_URL })
    expect(result).toEqual({
      status: 'ok',
      temperatureF: 72,
      code: 2,
      description: 'Partly cloudy',
      kind: 'partly-cloudy',
      windMph: 8,
      windFrom: 'NW',
      place: '1234 Main St, Denver, CO 80202',
      observedAt: '2025-06-01T14:15',
    })
    expect(fake.searches()).toHaveLength(0)
    const [forecast] = fake.forecasts()
    expect(Object.fromEntries(forecast!.searchParams)).toMatchObject({
      latitude: '39.7392',
      longitude: '-104.9903',
      temperature_unit: 'fahrenheit',
      wind_speed_unit: 'mph',
    })
    expect(forecast!.searchParams.get('current')).toContain('weather_code')
  })

  test('without coordinates in the map URL, the address is geocoded (city first) and the place named', async () => {
    const result = await service().current({ address: '1234 Main St, Denver, CO 80202', mapUrl: 'https://www.google.com/maps?q=Denver' })
    expect(result).toMatchObject({ status: 'ok', place: 'Denver, Colorado' })
    expect(fake.searches().map((s) => [s.searchParams.get('name'), s.searchParams.get('countryCode')])).toEqual([['Denver', 'US']])
    expect(fake.forecasts()[0]!.searchParams.get('latitude')).toBe('39.74')
  })

  test('geocoding falls back to the ZIP code, and an unknown place is "not-found"', async () => {
    await fake.close()
    fake = await startFakeWeather({ places: { '80012': { ...DENVER, name: 'Aurora' } } })
    expect(await service().current({ address: '9 Elm St, Nowhereville, CO 80012', mapUrl: '' })).toMatchObject({
      status: 'ok',
      place: 'Aurora, Colorado',
    })
    expect(fake.searches().map((s) => s.searchParams.get('name'))).toEqual(['Nowhereville', '80012'])
    expect(await service().current({ address: 'Atlantis', mapUrl: '' })).toEqual({ status: 'unavailable', reason: 'not-found' })
  })

  test('a second request within 30 minutes is served from the cache; after that it is fetched again', async () => {
    const weather = service()
    const place = { address: 'Denver, CO', mapUrl: EMBED_URL }
    const [a, b] = await Promise.all([weather.current(place), weather.current(place)])
    expect(b).toEqual(a)
    clock += 29 * 60_000
    await weather.current(place)
    expect(fake.forecasts()).toHaveLength(1)
    clock += 2 * 60_000
    await weather.current(place)
    expect(fake.forecasts()).toHaveLength(2)
  })

  test('no location at all: unavailable without any request', async () => {
    expect(await service().current({ address: ' ', mapUrl: '' })).toEqual({ status: 'unavailable', reason: 'no-location' })
    expect(fake.requests).toHaveLength(0)
  })

  test('an error status is "unreachable" and a garbled answer "bad-response", never an exception', async () => {
    const weather = service({ forecastUrl: `${fake.url}/nothing-here` })
    expect(await weather.current({ address: 'Denver', mapUrl: EMBED_URL })).toEqual({ status: 'unavailable', reason: 'unreachable' })
    await fake.close()
    fake = await startFakeWeather({ current: { temperature_2m: Number.NaN, weather_code: 1, wind_speed_10m: 1 } })
    expect(await service().current({ address: 'Denver', mapUrl: EMBED_URL })).toEqual({ status: 'unavailable', reason: 'bad-response' })
  })
})

describe('weather service with the API out of reach', () => {
  test('refused connection: "unreachable" result, no throw, and the failure is remembered for a minute', async () => {
    const weather = service({ forecastUrl: await unreachableUrl(), geocodingUrl: await unreachableUrl() })
    const place = { address: 'Denver, CO', mapUrl: '' }
    await expect(weather.current(place)).resolves.toEqual({ status: 'unavailable', reason: 'unreachable' })
    expect(warnings).toHaveLength(1)
    await weather.current(place)
    expect(warnings).toHaveLength(1)
    clock += 61_000
    await weather.current(place)
    expect(warnings).toHaveLength(2)
  })

  test('a service slower than the timeout answers "unreachable" once the timeout passes', async () => {
    await fake.close()
    fake = await startFakeWeather({ delayMs: 2_000 })
    // The fake does answer, after 2 s: "unreachable" can only come from the timeout.
    const result = await service({ timeoutMs: 300 }).current({ address: 'Denver', mapUrl: EMBED_URL })
    expect(result).toEqual({ status: 'unavailable', reason: 'unreachable' })
  })
})

test('endpoints: Open-Meteo by default; WEATHER_API_URL serves both unless geocoding has its own', () => {
  expect(weatherEndpoints({})).toEqual({ forecastUrl: 'https://api.open-meteo.com', geocodingUrl: 'https://geocoding-api.open-meteo.com' })
  expect(weatherEndpoints({ WEATHER_API_URL: 'http://127.0.0.1:9' })).toEqual({
    forecastUrl: 'http://127.0.0.1:9',
    geocodingUrl: 'http://127.0.0.1:9',
  })
  expect(weatherEndpoints({ WEATHER_API_URL: 'http://a', WEATHER_GEOCODING_URL: 'http://b' })).toEqual({
    forecastUrl: 'http://a',
    geocodingUrl: 'http://b',
  })
})
