import { describe, expect, test } from 'vitest'
import { FORM_FIELDS, HONEYPOT_FIELD, parseEstimateForm, readEstimateForm } from './estimate-form.ts'

const services = ['Fence Install', 'Deck Repair']
const valid = {
  firstName: ' Ana ',
  lastName: 'Lopez',
  email: 'ana@example.com',
  phone: '(555) 123-4567',
  address: '1 Main St',
  service: 'Deck Repair',
  contactWays: ['phone'],
  message: 'Back yard, about 40 ft.',
}

describe('estimate form', () => {
  test('accepts a complete form and trims what the visitor typed', () => {
    const result = parseEstimateForm(valid, services, 'en')
    expect(result).toEqual({ ok: true, lead: { ...valid, firstName: 'Ana' } })
  })

  test('reads a real form post, including repeated contact ways', () => {
    const form = new FormData()
    for (const [k, v] of Object.entries(valid)) if (typeof v === 'string') form.set(k, v)
    form.append(FORM_FIELDS.contactWays, 'phone')
    form.append(FORM_FIELDS.contactWays, 'email')
    form.append(FORM_FIELDS.contactWays, 'email')
    const result = parseEstimateForm(form, services, 'en')
    expect(result.ok && result.lead.contactWays).toEqual(['phone', 'email'])
  })

  test('contact ways and message are optional', () => {
    const { contactWays: _, message: __, ...rest } = valid
    const result = parseEstimateForm(rest, services, 'en')
    expect(result.ok && result.lead).toMatchObject({ contactWays: [], message: '' })
  })

  test('an empty form gets one English message per required field and keeps the entries', () => {
    const result = parseEstimateForm({ firstName: 'Ana' }, services, 'en')
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        lastName: 'Please enter your last name.',
        email: 'Please enter a valid email address.',
        phone: 'Please enter a phone number with at least 10 digits.',
        address: 'Please enter your address.',
        service: 'Please choose a service from the list.',
      },
      values: { firstName: 'Ana', lastName: '', email: '', phone: '', address: '', service: '', contactWays: [], message: '' },
    })
  })

  test('messages are in Spanish when the record is not in English', () => {
    const result = parseEstimateForm({ ...valid, email: 'nope' }, services, 'es')
    expect(!result.ok && result.fieldErrors).toEqual({ email: 'Ingrese un correo electrónico válido.' })
  })

  test('phone needs 10 to 20 digits, whatever the punctuation', () => {
    const phoneError = (phone: string) => {
      const r = parseEstimateForm({ ...valid, phone }, services, 'en')
      return r.ok ? undefined : r.fieldErrors.phone
    }
    expect(phoneError('555-123-4567')).toBeUndefined()
    expect(phoneError('+1 (555) 123 4567')).toBeUndefined()
    expect(phoneError('555-123-456')).toMatch(/at least 10/)
    expect(phoneError('1'.repeat(21))).toMatch(/at most 20/)
  })

  test('the service must be one of those offered', () => {
    const r = parseEstimateForm({ ...valid, service: 'Free Money' }, services, 'en')
    expect(!r.ok && r.fieldErrors.service).toBe('Please choose a service from the list.')
  })

  test('with no services offered, any short service text is accepted', () => {
    expect(parseEstimateForm({ ...valid, service: '' }, [], 'en').ok).toBe(true)
  })

  test('every field has a length limit', () => {
    const long = (n: number) => 'a'.repeat(n + 1)
    const r = parseEstimateForm(
      { ...valid, firstName: long(80), lastName: long(80), address: long(200), message: long(2000), email: `${long(250)}@x.com` },
      services,
      'en',
    )
    expect(!r.ok && r.fieldErrors).toEqual({
      firstName: 'Please use at most 80 characters.',
      lastName: 'Please use at most 80 characters.',
      email: 'Please use at most 254 characters.',
      address: 'Please use at most 200 characters.',
      message: 'Please use at most 2000 characters.',
    })
  })

  test('unknown contact ways and non-text values are refused, never crash', () => {
    const r = parseEstimateForm({ ...valid, contactWays: ['fax'], firstName: { $gt: '' } }, services, 'en')
    expect(!r.ok && r.fieldErrors).toEqual({ firstName: 'Please enter your first name.', contactWays: 'Please choose phone or email.' })
  })

  test('the honeypot is read apart from the lead', () => {
    const { values, honeypot } = readEstimateForm({ ...valid, [HONEYPOT_FIELD]: 'http://spam.example' })
    expect(honeypot).toBe('http://spam.example')
    expect(values).not.toHaveProperty(HONEYPOT_FIELD)
  })
})
