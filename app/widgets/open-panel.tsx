import { lazy } from 'react'
import type { VisitCountsState } from './use-visit-counts.ts'
import { WidgetPanel } from './widget-panel.tsx'
import type { PanelName, WidgetSettings } from './widget-settings.ts'

// Panel contents load on first open, keeping them out of every page's first-load JavaScript.
const ChatWidget = lazy(() => import('./chat-widget.tsx'))
const VisitsCounter = lazy(() => import('./visits-counter.tsx'))
const CallUsNow = lazy(() => import('./call-us-now.tsx'))
const WeatherWidget = lazy(() => import('./weather-widget.tsx'))

export const CHAT_REPLY_TIME = 'Typically replies in minutes'

type Props = { panel: PanelName; settings: WidgetSettings; visits: VisitCountsState; id: string; onClose: () => void }

/** The one open widget panel. */
export function OpenPanel({ panel, settings, visits, id, onClose }: Props) {
  const common = { id, onClose }
  if (panel === 'chat' && settings.chat) {
    const { businessName, logo, phone } = settings.chat
    return (
      <WidgetPanel {...common} title={businessName || 'Chat with us'} subtitle={CHAT_REPLY_TIME} logo={logo} closeLabel="Close chat">
        <ChatWidget phone={phone} businessName={businessName} />
      </WidgetPanel>
    )
  }
  if (panel === 'call' && settings.call) {
    return (
      <WidgetPanel {...common} title="Call us now" closeLabel="Close call us now">
        <CallUsNow phones={settings.call.phones} />
      </WidgetPanel>
    )
  }
  if (panel === 'visits' && settings.visits) {
    return (
      <WidgetPanel {...common} title="Visits" closeLabel="Close visits counter">
        <VisitsCounter counts={visits} />
      </WidgetPanel>
    )
  }
  if (panel === 'weather' && settings.weather) {
    return (
      <WidgetPanel {...common} title="Weather now" closeLabel="Close weather">
        <WeatherWidget />
      </WidgetPanel>
    )
  }
  return null
}
