/**
 * A report page (self-contained, no script) inside a console page: sandboxed, titled for screen readers,
 * with a link to open it alone (to print it or send it to the contractor).
 */
export function ReportFrame({ src, title }: { src: string; title: string }) {
  return (
    <div className="mt-4">
      <iframe src={src} title={title} sandbox="" className="h-[75vh] w-full rounded-lg border border-slate-300 bg-white" />
      <p className="mt-2 text-sm">
        <a href={src} target="_blank" rel="noopener">
          Open this page alone
        </a>{' '}
        <span className="muted">(to print it, or save it for the contractor)</span>
      </p>
    </div>
  )
}
