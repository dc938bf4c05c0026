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
