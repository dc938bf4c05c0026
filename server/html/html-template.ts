/**
 * The self-contained HTML pages the CLIs write (the record report, the month's results): a template
 * tag whose interpolations are escaped unless they are `Html` already, so a record's hostile text is
 * always text.
 */
export class Html {
  constructor(readonly text: string) {}
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** A template whose interpolations are escaped unless they are Html already (arrays are joined). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  const part = (v: unknown): string =>
    v instanceof Html ? v.text : Array.isArray(v) ? v.map(part).join('') : v === undefined || v === null ? '' : escapeHtml(String(v))
  return new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? part(values[i]) : ''), ''))
}

/** A self-contained page's policy: no script and no request (pictures as data: URIs, styles inline). */
export const SELF_CONTAINED_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"

/** A page that needs nothing else: its CSP allows no script and no request (pictures as data: URIs, styles inline). */
export function selfContainedPage(page: { lang: string; title: string; style: string; body: Html }): string {
  return `<!doctype html>
<html lang="${escapeHtml(page.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${SELF_CONTAINED_CSP}">
<title>${escapeHtml(page.title)}</title>
<style>${page.style}</style>
</head>
<body>${page.body.text}</body>
</html>
`
}
