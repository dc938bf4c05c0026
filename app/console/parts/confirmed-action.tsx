import type { ReactNode } from 'react'
import { Form } from 'react-router'

/**
 * An action asked for twice, without a script: the summary opens a form that says what will happen, and only its
 * button does it. `danger` for what cannot be undone (red), otherwise the console's blue.
 */
export function ConfirmedAction({
  opener,
  fields,
  consequence,
  action,
  danger = false,
  className,
}: {
  opener: ReactNode
  /** The hidden fields that name what the action is done to. */
  fields: Record<string, string | number>
  consequence: ReactNode
  action: ReactNode
  danger?: boolean
  className?: string
}) {
  return (
    <details className={className}>
      <summary className={`inline-flex min-h-11 cursor-pointer items-center font-semibold ${danger ? 'text-red-800' : 'text-blue-700'}`}>
        {opener}
      </summary>
      <Form method="post" className="mt-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p className="text-sm">{consequence}</p>
        <button type="submit" className={`${danger ? 'button-danger' : 'button'} mt-2`}>
          {action}
        </button>
      </Form>
    </details>
  )
}
