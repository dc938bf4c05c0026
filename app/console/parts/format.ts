/**
 * How the console writes times and numbers. A site's leads are in the site's own time zone (its `timeZone`:
 * what the contractor's day is, as in its results and lead emails); everything else (people, sessions,
 * activity, records) in UTC, since the console's people work for sites in many zones. The zone is always said.
 */
const formats = new Map<string, { time: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }>()

function formatsOf(timeZone: string) {
  let found = formats.get(timeZone) // one per zone the sites use: configured IANA names, a handful
  if (!found) {
    found = {
      time: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }),
      zone: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
    }
    formats.set(timeZone, found)
  }
  return found
}

/** "27 Nov 2026, 08:43 UTC"; with a site's zone, "27 Nov 2026, 00:43 PST". */
export function formatTime(time: number | string, timeZone = 'UTC'): string {
  const date = new Date(time)
  const { time: format, zone } = formatsOf(timeZone)
  const zoneName = zone.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  return `${format.format(date)} ${zoneName}`
}

/** "3 min ago", "5 h ago", "2 days ago": how old a record or a sight is. */
export function age(time: number | string, now: number): string {
  const seconds = Math.max(0, (now - new Date(time).getTime()) / 1000)
  if (seconds < 90) return 'just now'
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min ago`
  if (seconds < 36 * 3600) return `${Math.round(seconds / 3600)} h ago`
  return `${Math.round(seconds / 86400)} days ago`
}

export const formatNumber = (n: number) => n.toLocaleString('en-US')
