/**
 * A site's visitors per day this month as small bars (SVG, no script, no style attribute). The picture is
 * described in words for those who do not see it: the days, the busiest, the total.
 */
export function VisitorsChart({ days, label }: { days: { day: string; visitors: number }[]; label: string }) {
  const width = 124
  const height = 32
  const max = Math.max(1, ...days.map((d) => d.visitors))
  const slot = width / Math.max(days.length, 1)
  const busiest = days.reduce((best, d) => (d.visitors > best.visitors ? d : best), days[0] ?? { day: '', visitors: 0 })
  const total = days.reduce((n, d) => n + d.visitors, 0)
  const summary = days.length
    ? `${label}: visitors per day this month, ${total} in ${days.length} day(s)${busiest.visitors ? `, most on ${busiest.day.slice(5)} (${busiest.visitors})` : ''}.`
    : `${label}: no day of this month yet.`
  return (
    <svg role="img" aria-label={summary} viewBox={`0 0 ${width} ${height}`} width={width} height={height} className="text-blue-700">
      <title>{summary}</title>
      <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="#64748b" strokeWidth="1" />
      {days.map((d, i) => {
        const h = d.visitors ? Math.max(2, (d.visitors / max) * (height - 2)) : 0
        return <rect key={d.day} x={i * slot + 0.5} y={height - 1 - h} width={Math.max(1, slot - 1)} height={h} fill="currentColor" />
      })}
    </svg>
  )
}
