/**
 * How the console writes times and numbers: one format everywhere, in UTC (its people work for sites in many time
 * zones; a site's own days are its results').
 */
const TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

export const formatTime = (time: number | string) => `${TIME.format(new Date(time))} UTC`

/** "3 min ago", "5 h ago", "2 days ago": how old a record or a sight is. */
export function age(time: number | string, now: number): string {
  const seconds = Math.max(0, (now - new Date(time).getTime()) / 1000)
  if (seconds < 90) return 'just now'
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min ago`
  if (seconds < 36 * 3600) return `${Math.round(seconds / 3600)} h ago`
  return `${Math.round(seconds / 86400)} days ago`
}

export const formatNumber = (n: number) => n.toLocaleString('en-US')
