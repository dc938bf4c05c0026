import { Icon } from '#app/ui/icon.tsx'

/** Boundaries stay at least 3:1 on the white form card (WCAG 1.4.11): slate-500 is 4.8:1, the theme's control colour ≥ 3:1. */
export const inputClass =
  'block w-full rounded-lg border bg-white px-4 py-3 text-base text-heading shadow-sm transition-colors placeholder:text-slate-500 focus:border-control aria-[invalid=true]:border-red-600 border-slate-500'

export const errorId = (id: string) => `${id}-error`

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={errorId(id)} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <Icon icon="circle-exclamation" className="mt-0.5 size-3.5 shrink-0" />
      {message}
    </p>
  )
}

type LabelProps = { htmlFor: string; children: React.ReactNode; required?: boolean; optionalText?: string }

export function FieldLabel({ htmlFor, children, required = false, optionalText }: LabelProps) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-semibold text-heading">
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      ) : optionalText ? (
        <span className="ml-1 font-normal text-paragraph">({optionalText})</span>
      ) : null}
    </label>
  )
}

type TextFieldProps = {
  id: string
  name: string
  label: string
  error?: string
  defaultValue?: string
  className?: string
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'defaultValue'>

/** A labelled input whose error, when present, is announced with it (aria-invalid + aria-describedby). */
export function TextField({ id, name, label, error, className = '', required = true, ...input }: TextFieldProps) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <input
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(id) : undefined}
        className={inputClass}
        {...input}
      />
      <FieldError id={id} message={error} />
    </div>
  )
}
