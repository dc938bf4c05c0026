import { useContext } from 'react'
import { LangContext } from './use-strings.ts'

/**
 * The words of the widget panels (chat, call, visits, weather), apart from the main dictionary:
 * the panels load when first opened, and so do their words, in both languages (a few hundred
 * bytes), rather than on every page's first load.
 */
const en = {
  widgets: {
    visits: 'Visits',
    weatherNow: 'Weather now',
    gettingPhones: 'Getting our phone numbers',
    phone: 'Phone',
    greeting: 'Hi there! How can we help you today?',
    yourMessage: 'Your message',
    countingVisits: 'Counting visits',
    visitsUnavailable: 'Visit counts are unavailable right now.',
    visitsToday: 'Visits today',
    totalVisits: 'Total visits',
    checkingWeather: 'Checking the weather',
    weatherUnavailable: 'Weather is unavailable right now',
    checkBackLater: 'Please check back in a little while.',
    wind: (speed: string, from: string | null) => `Wind ${speed} mph${from ? ` from the ${from}` : ''}`,
    near: (place: string) => `Near ${place}`,
  },
  /** WMO weather interpretation codes (Open-Meteo's weather_code) in words. */
  weather: {
    conditions: {
      0: 'Clear sky',
      1: 'Mainly clear',
      2: 'Partly cloudy',
      3: 'Overcast',
      45: 'Fog',
      48: 'Freezing fog',
      51: 'Light drizzle',
      53: 'Drizzle',
      55: 'Heavy drizzle',
      56: 'Light freezing drizzle',
      57: 'Freezing drizzle',
      61: 'Light rain',
      63: 'Rain',
      65: 'Heavy rain',
      66: 'Light freezing rain',
      67: 'Freezing rain',
      71: 'Light snow',
      73: 'Snow',
      75: 'Heavy snow',
      77: 'Snow grains',
      80: 'Light rain showers',
      81: 'Rain showers',
      82: 'Violent rain showers',
      85: 'Light snow showers',
      86: 'Snow showers',
      95: 'Thunderstorm',
      96: 'Thunderstorm with hail',
      99: 'Thunderstorm with heavy hail',
    } as Record<number, string>,
    current: 'Current conditions',
    /** A 16-point compass point ("NW") as the language abbreviates it. */
    compassPoint: (point: string) => point,
  },
}

const es: typeof en = {
  widgets: {
    visits: 'Visitas',
    weatherNow: 'El tiempo ahora',
    gettingPhones: 'Buscando nuestros teléfonos',
    phone: 'Teléfono',
    greeting: '¡Hola! ¿En qué podemos ayudarle hoy?',
    yourMessage: 'Su mensaje',
    countingVisits: 'Contando las visitas',
    visitsUnavailable: 'El contador de visitas no está disponible en este momento.',
    visitsToday: 'Visitas de hoy',
    totalVisits: 'Visitas en total',
    checkingWeather: 'Consultando el tiempo',
    weatherUnavailable: 'El tiempo no está disponible en este momento',
    checkBackLater: 'Vuelva a consultarlo dentro de un rato.',
    wind: (speed: string, from: string | null) => `Viento ${speed} mph${from ? ` del ${from}` : ''}`,
    near: (place: string) => `Cerca de ${place}`,
  },
  weather: {
    conditions: {
      0: 'Despejado',
      1: 'Mayormente despejado',
      2: 'Parcialmente nublado',
      3: 'Cubierto',
      45: 'Niebla',
      48: 'Niebla helada',
      51: 'Llovizna ligera',
      53: 'Llovizna',
      55: 'Llovizna intensa',
      56: 'Llovizna helada ligera',
      57: 'Llovizna helada',
      61: 'Lluvia ligera',
      63: 'Lluvia',
      65: 'Lluvia intensa',
      66: 'Lluvia helada ligera',
      67: 'Lluvia helada',
      71: 'Nevada ligera',
      73: 'Nieve',
      75: 'Nevada intensa',
      77: 'Granos de nieve',
      80: 'Chubascos ligeros',
      81: 'Chubascos',
      82: 'Chubascos violentos',
      85: 'Chubascos de nieve ligeros',
      86: 'Chubascos de nieve',
      95: 'Tormenta',
      96: 'Tormenta con granizo',
      99: 'Tormenta con granizo fuerte',
    },
    current: 'Condiciones actuales',
    // Oeste is O: NW → NO, WSW → OSO.
    compassPoint: (point: string) => point.replaceAll('W', 'O'),
  },
}

export const widgetStrings = { en, es }

export function useWidgetStrings() {
  return widgetStrings[useContext(LangContext)]
}
