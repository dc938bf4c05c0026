import { useEffect, useId, useRef, useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import {
  CONTACT_WAYS,
  FORM_FIELDS,
  MESSAGE_MAX_LENGTH,
  HONEYPOT_FIELD,
  type EstimateFormResult,
  type FormPlace,
} from '#app/forms/estimate-form.ts'
import { formText, type FormLabels } from '#app/forms/form-labels.ts'
import { formStringsFor } from '#app/forms/form-strings.ts'
import { plural } from '#app/i18n/plural.ts'
import { langOf } from '#app/i18n/strings.ts'
import { Icon } from '#app/ui/icon.tsx'
import { FieldError, FieldLabel, TextField, errorId, inputClass } from './form-field.tsx'

type Props = {
  services: string[]
  labels: FormLabels
  idPrefix: string
  /** Where the form is, for the results report: home, contact or modal. */ place: FormPlace
}

const newSubmissionId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`

/**
 * The estimate/contact form. A plain form post to /contact without JavaScript; with it, a
 * fetcher post (no reload), field errors beside their fields, focus on the first bad field,
 * a success message and a reset form.
 */
export function ContactForm({ services, labels, idPrefix, place }: Props) {
  const fetcher = useFetcher<EstimateFormResult>()
  const pageResult = useActionData<EstimateFormResult>() // the no-JavaScript post lands on /contact
  const result = fetcher.data ?? pageResult
  const text = formText(labels)
  const chrome = formStringsFor(labels)
  const uid = useId()
  const id = (field: string) => `${idPrefix}${uid}${field}`
  const formRef = useRef<HTMLFormElement>(null)
  const [submissionId, setSubmissionId] = useState('')
  const [enhanced, setEnhanced] = useState(false)
  // The message's length: what the page's HTML holds (a refused post's), then what is typed once the page's code runs.
  const [messageLength, setMessageLength] = useState((result && !result.ok && result.values?.message.length) || 0)
  const lang = langOf(labels)
  const pending = fetcher.state !== 'idle'

  useEffect(() => {
    setEnhanced(true) // from here the server's messages replace the browser's own bubbles
    setSubmissionId(newSubmissionId())
  }, [])

  useEffect(() => {
    if (!fetcher.data) return
    if (fetcher.data.ok) {
      formRef.current?.reset()
      setSubmissionId(newSubmissionId())
      setMessageLength(0)
    } else {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
    }
  }, [fetcher.data])

  const refusal = result && !result.ok ? result : undefined
  const errors = refusal?.fieldErrors ?? {}
  const values = refusal?.values
  const ways = values?.contactWays ?? []
  const field = (name: Exclude<keyof typeof FORM_FIELDS, 'contactWays'>) => ({
    id: id(name),
    name: FORM_FIELDS[name],
    error: errors[name],
    defaultValue: values?.[name],
  })

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/contact"
      noValidate={enhanced}
      className="relative grid grid-cols-2 gap-x-4 gap-y-5 sm:gap-x-5"
    >
      <input type="hidden" name="submissionId" value={submissionId} />
      <input type="hidden" name="place" value={place} />
      <TextField {...field('firstName')} label={text.tname} autoComplete="given-name" />
      <TextField {...field('lastName')} label={text.tlname} autoComplete="family-name" />
      <TextField
        {...field('email')}
        label={text.temail}
        type="email"
        inputMode="email"
        autoComplete="email"
        className="col-span-2 sm:col-span-1"
      />
      <TextField
        {...field('phone')}
        label={text.tphone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        className="col-span-2 sm:col-span-1"
      />
      <TextField {...field('address')} label={text.taddress} autoComplete="street-address" className="col-span-2" />
      {services.length ? (
        <div className="col-span-2">
          <FieldLabel htmlFor={id('service')} required>
            {text.ttypeservice}
          </FieldLabel>
          <div className="relative">
            <select
              id={id('service')}
              name={FORM_FIELDS.service}
              required
              defaultValue={values?.service ?? ''}
              aria-invalid={errors.service ? true : undefined}
              aria-describedby={errors.service ? errorId(id('service')) : undefined}
              className={`${inputClass} appearance-none pr-11`}
            >
              <option value="" disabled>
                {chrome.choose}
              </option>
              {services.map((service) => (
                <option key={service} value={service}>
                  {service}
                </option>
              ))}
            </select>
            <Icon icon="chevron-down" className="pointer-events-none absolute right-4 top-1/2 size-3.5 -translate-y-1/2 text-paragraph" />
          </div>
          <FieldError id={id('service')} message={errors.service} />
        </div>
      ) : (
        <TextField {...field('service')} label={text.ttypeservice} required={false} autoComplete="off" className="col-span-2" />
      )}
      <fieldset className="col-span-2" aria-describedby={errors.contactWays ? errorId(id('contactWays')) : undefined}>
        <legend className="mb-1.5 text-sm font-semibold text-heading">{text.tbestway}</legend>
        <div className="flex flex-wrap gap-3">
          {CONTACT_WAYS.map((way) => (
            <label
              key={way}
              className="flex min-h-12 flex-1 cursor-pointer sm:flex-none sm:min-w-44 items-center gap-3 rounded-lg border border-slate-500 bg-white px-4 py-2.5 text-heading shadow-sm has-checked:border-control has-checked:bg-main/5"
            >
              <input
                type="checkbox"
                name={FORM_FIELDS.contactWays}
                value={way}
                defaultChecked={ways.includes(way)}
                aria-invalid={errors.contactWays ? true : undefined}
                className="size-5 accent-control"
              />
              {way === 'phone' ? text.tcheckphone : text.tcheckcorreo}
            </label>
          ))}
        </div>
        <FieldError id={id('contactWays')} message={errors.contactWays} />
      </fieldset>
      <div className="col-span-2">
        <FieldLabel htmlFor={id('message')} optionalText={chrome.optional}>
          {text.tmessage}
        </FieldLabel>
        <textarea
          id={id('message')}
          name={FORM_FIELDS.message}
          rows={4}
          // The server's own bound (the same number): a longer paste is cut here, never typed and then refused.
          maxLength={MESSAGE_MAX_LENGTH}
          onInput={(event) => setMessageLength(event.currentTarget.value.length)}
          defaultValue={values?.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${id('message-count')}${errors.message ? ` ${errorId(id('message'))}` : ''}`}
          className={`${inputClass} resize-y`}
        />
        <p id={id('message-count')} className="mt-1 text-sm text-paragraph">
          {plural(lang, MESSAGE_MAX_LENGTH - messageLength, chrome.charactersLeft)}
        </p>
        <FieldError id={id('message')} message={errors.message} />
      </div>
      <div aria-hidden="true" className="absolute -left-[9999px] top-0 size-px overflow-hidden">
        <label htmlFor={id('honeypot')}>{chrome.honeypot}</label>
        <input id={id('honeypot')} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="col-span-2 flex flex-col gap-4 sm:flex-row sm:items-center">
        <button
          type="submit"
          disabled={pending}
          className="btn-primary w-full px-8 py-4 disabled:cursor-wait disabled:opacity-75 sm:w-auto"
        >
          <Icon icon="paper-plane" className="size-4" />
          {pending ? chrome.sending : text.tbutton}
        </button>
        <div role="status" className="empty:hidden">
          {result?.ok ? (
            <p className="flex items-start gap-2 font-semibold text-green-800">
              <Icon icon="circle-check" className="mt-1 size-4 shrink-0" />
              {result.message}
            </p>
          ) : null}
        </div>
        {refusal ? (
          <p role="alert" className="flex items-start gap-2 font-semibold text-red-700">
            <Icon icon="triangle-exclamation" className="mt-1 size-4 shrink-0" />
            {refusal.message}
          </p>
        ) : null}
      </div>
    </fetcher.Form>
  )
}
