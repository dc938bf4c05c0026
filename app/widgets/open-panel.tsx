import { lazy } from 'react'
import type { VisitCountsState } from './use-visit-counts.ts'
import { WidgetPanel } from './widget-panel.tsx'
import type { PanelName, WidgetSettings } from '#app/record/widget-settings.ts'
import { useFixedEnglish, useStrings } from '#app/i18n/use-strings.ts'
import { useWidgetStrings } from '#app/i18n/widget-strings.ts'
import { CHAT_REPLY_TIME } from '#app/i18n/spec-english.ts'

// Panel contents load on first open, keeping them out of every page's first-load JavaScript.
const ChatWidget = lazy(() => import('./chat-widget.tsx'))
const VisitsCounter = lazy(() => import('./visits-counter.tsx'))
const CallUsNow = lazy(() => import('./call-us-now.tsx'))
const WeatherWidget = lazy(() => import('./weather-widget.tsx'))

type Props = { panel: PanelName; settings: WidgetSettings; visits: VisitCountsState; id: string; onClose: () => void }

/** The one open widget panel. */
export function OpenPanel({ panel, settings, visits, id, onClose }: Props) {
  const t = useStrings()
  const w = useWidgetStrings()
  const fixedEnglish = useFixedEnglish()
  const common = { id, onClose }
  if (panel === 'chat' && settings.chat) {
    const { businessName, logo, phone } = settings.chat
    return (
      <WidgetPanel
        {...common}
        title={businessName || t.a11y.chat}
        subtitle={<span lang={fixedEnglish}>{CHAT_REPLY_TIME}</span>}
        logo={logo}
        closeLabel={t.a11y.closeChat}
      >
        <ChatWidget phone={phone} businessName={businessName} />
      </WidgetPanel>
    )
  }
  if (panel === 'call' && settings.call) {
    return (
      <WidgetPanel {...common} title={t.a11y.call} closeLabel={t.a11y.closeCall}>
        <CallUsNow phones={settings.call.phones} />
      </WidgetPanel>
    )
  }
  if (panel === 'visits' && settings.visits) {
    return (
      <WidgetPanel {...common} title={w.widgets.visits} closeLabel={t.a11y.closeVisits}>
        <VisitsCounter counts={visits} />
      </WidgetPanel>
    )
  }
  if (panel === 'weather' && settings.weather) {
    return (
      <WidgetPanel {...common} title={w.widgets.weatherNow} closeLabel={t.a11y.closeWeather}>
        <WeatherWidget />
      </WidgetPanel>
    )
  }
  return null
}
