import { z } from 'zod'
import type { Lang } from '#app/i18n/strings.ts'
import { digitsOnly } from '#app/record/contact-links.ts'
import { formServices } from '#app/record/service-lists.ts'
import { formStrings } from './form-strings.ts'

/**
 * The estimate/contact form's contract: its field names, limits and the one schema POST /contact
 * validates with (server/leads/), in the record's language. The browser does not run it (zod
 * would add some 23 KB gzip to the sections' chunk): before hydration the browser applies the
 * form's HTML constraints (required, type="email"); once hydrated the form posts with noValidate
 * and shows this schema's messages, as the action answers them, beside their fields.
 */

export const FORM_FIELDS = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  address: 'address',
  service: 'service',
  contactWays: 'contactWays',
  message: 'message',
} as const
export type EstimateField = keyof typeof FORM_FIELDS

/** Hidden from people and assistive tech; only bots fill it. */
export const HONEYPOT_FIELD = 'website'

export const CONTACT_WAYS = ['phone', 'email'] as const
export type ContactWay = (typeof CONTACT_WAYS)[number]

/** The message's bound, on its own so the form's counter brings the browser this number and not the others. */
export const MESSAGE_MAX_LENGTH = 2000

export const FIELD_MAX_LENGTH = {
  firstName: 80,
  lastName: 80,
  email: 254,
  phone: 40, // characters as typed; the digit rule below is the real limit
  address: 200,
  service: 200,
  message: MESSAGE_MAX_LENGTH,
} as const
export const PHONE_DIGITS = { min: 10, max: 20 } as const

/** `services` are the record's (dbServices): the form offers, and so accepts, only formServices() of them. */
export function estimateFormSchema(services: readonly { name: string }[], lang: Lang) {
  const t = formStrings[lang].validation
  const required = (field: keyof typeof FIELD_MAX_LENGTH, message: string) =>
    z.string().trim().min(1, message).max(FIELD_MAX_LENGTH[field], t.tooLong(FIELD_MAX_LENGTH[field]))
  const offered = new Set(formServices(services))

  return z.object({
    firstName: required('firstName', t.firstName),
    lastName: required('lastName', t.lastName),
    email: z.string().trim().max(FIELD_MAX_LENGTH.email, t.tooLong(FIELD_MAX_LENGTH.email)).pipe(z.email(t.email)),
    phone: z
      .string()
      .trim()
      .max(FIELD_MAX_LENGTH.phone, t.tooLong(FIELD_MAX_LENGTH.phone))
      .superRefine((value, ctx) => {
        const digits = digitsOnly(value).length
        if (digits < PHONE_DIGITS.min) ctx.addIssue({ code: 'custom', message: t.phoneShort(PHONE_DIGITS.min) })
        else if (digits > PHONE_DIGITS.max) ctx.addIssue({ code: 'custom', message: t.phoneLong(PHONE_DIGITS.max) })
      }),
    address: required('address', t.address),
    // A record without services still needs a working form, so then any short text goes.
    service:
      offered.size > 0
        ? z
            .string()
            .trim()
            .refine((s) => offered.has(s), t.service)
        : z.string().trim().max(FIELD_MAX_LENGTH.service, t.tooLong(FIELD_MAX_LENGTH.service)),
    contactWays: z.array(z.enum(CONTACT_WAYS, t.contactWays)).max(CONTACT_WAYS.length, t.contactWays).default([]),
    message: z.string().trim().max(FIELD_MAX_LENGTH.message, t.tooLong(FIELD_MAX_LENGTH.message)).default(''),
  })
}

export type EstimateLead = z.output<ReturnType<typeof estimateFormSchema>>

/** What the visitor typed, as strings, to put back into the form after a refusal. */
export type EstimateFormValues = { [K in Exclude<EstimateField, 'contactWays'>]: string } & { contactWays: string[] }
export type EstimateFieldErrors = Partial<Record<EstimateField, string>>
export type EstimateFormInput = FormData | URLSearchParams | Record<string, unknown>

/** Reads a form post or a plain object into strings; anything that is not text becomes ''. */
export function readEstimateForm(input: EstimateFormInput): { values: EstimateFormValues; honeypot: string } {
  const isForm = typeof (input as FormData).getAll === 'function'
  const one = (name: string): string => {
    const v = isForm ? (input as FormData).get(name) : (input as Record<string, unknown>)[name]
    return typeof v === 'string' ? v : ''
  }
  const many = (name: string): string[] => {
    const v = isForm ? (input as FormData).getAll(name) : (input as Record<string, unknown>)[name]
    const list = Array.isArray(v) ? v : v === undefined ? [] : [v]
    return [...new Set(list.filter((x): x is string => typeof x === 'string'))]
  }
  return {
    values: {
      firstName: one(FORM_FIELDS.firstName),
      lastName: one(FORM_FIELDS.lastName),
      email: one(FORM_FIELDS.email),
      phone: one(FORM_FIELDS.phone),
      address: one(FORM_FIELDS.address),
      service: one(FORM_FIELDS.service),
      contactWays: many(FORM_FIELDS.contactWays),
      message: one(FORM_FIELDS.message),
    },
    honeypot: one(HONEYPOT_FIELD),
  }
}

/**
 * A post, judged: a bot's (honeypot filled), a valid lead, or field messages with what was typed.
 * The honeypot comes first, so a bot gets the same answer as a person whatever else it sent and
 * never learns which fields we check; its post is not a lead and must not be stored.
 */
export function parseEstimateForm(input: EstimateFormInput, services: readonly { name: string }[], lang: Lang) {
  const { values, honeypot } = readEstimateForm(input)
  if (honeypot.trim() !== '') return { ok: true as const, bot: true as const }
  const result = estimateFormSchema(services, lang).safeParse(values)
  if (result.success) return { ok: true as const, bot: false as const, lead: result.data }
  const fieldErrors: EstimateFieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as EstimateField
    fieldErrors[field] ??= issue.message // the first problem of a field is the one worth showing
  }
  return { ok: false as const, fieldErrors, values }
}

/** The refusal parseEstimateForm answers: a message per bad field, and the entries to put back. */
export type EstimateFormRefusal = Extract<ReturnType<typeof parseEstimateForm>, { ok: false }>

/**
 * What POST /contact answers (server/leads/contact-action.server.ts), read by the form with and
 * without JavaScript: sent, or refused with a message, field messages and the entries to put back.
 */
export type EstimateFormResult =
  { ok: true; message: string } | { ok: false; message: string; fieldErrors: EstimateFieldErrors; values: EstimateFormValues | null }

/** Where an estimate form is: the home page's, the contact page's, or the estimate modal (on every page). */
export const FORM_PLACES = ['home', 'contact', 'modal'] as const
export type FormPlace = (typeof FORM_PLACES)[number]
