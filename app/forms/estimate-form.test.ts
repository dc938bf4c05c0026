import { describe, expect, test } from 'vitest'
import { FORM_FIELDS, HONEYPOT_FIELD, parseEstimateForm, readEstimateForm } from './estimate-form.ts'

const services = [{ name: 'Fence Install' }, { name: 'Deck Repair' }]
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
    expect(result).toEqual({ ok: true, bot: false, lead: { ...valid, firstName: 'Ana' } })
  })

  test('reads a real form post, including repeated contact ways', () => {
    const form = new FormData()
    for (const [k, v] of Object.entries(valid)) if (typeof v === 'string') form.set(k, v)
    form.append(FORM_FIELDS.contactWays, 'phone')
    form.append(FORM_FIELDS.contactWays, 'email')
    form.append(FORM_FIELDS.contactWays, 'email')
    const result = parseEstimateForm(form, services, 'en')
    expect(result.ok && !result.bot && result.lead.contactWays).toEqual(['phone', 'email'])
  })

  test('contact ways and message are optional', () => {
    const { contactWays: _, message: __, ...rest } = valid
    const result = parseEstimateForm(rest, services, 'en')
    expect(result.ok && !result.bot && result.lead).toMatchObject({ contactWays: [], message: '' })
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

  test('every field message has its Spanish form', () => {
    const empty = parseEstimateForm({ contactWays: ['fax'] }, services, 'es')
    expect(!empty.ok && empty.fieldErrors).toEqual({
      firstName: 'Ingrese su nombre.',
      lastName: 'Ingrese su apellido.',
      email: 'Ingrese un correo electrónico válido.',
      phone: 'Ingrese un teléfono de al menos 10 dígitos.',
      address: 'Ingrese su dirección.',
      service: 'Elija un servicio de la lista.',
      contactWays: 'Elija teléfono o correo.',
    })
    const tooMuch = parseEstimateForm({ ...valid, phone: '1'.repeat(21), message: 'a'.repeat(2001) }, services, 'es')
    expect(!tooMuch.ok && tooMuch.fieldErrors).toEqual({
      phone: 'El teléfono no puede tener más de 20 dígitos.',
      message: 'Use como máximo 2000 caracteres.',
    })
  })

  test('the service must be one of the first six the record names, the ones the form offers', () => {
    const recordServices = ['', 'Fences', 'Decks', ' Gates ', 'Painting', 'Roofing', 'Siding', 'Gutters'].map((name) => ({ name }))
    const serviceError = (service: string) => {
      const r = parseEstimateForm({ ...valid, service }, recordServices, 'en')
      return r.ok ? undefined : r.fieldErrors.service
    }
    expect(serviceError('Fences')).toBeUndefined()
    expect(serviceError('Gates')).toBeUndefined()
    expect(serviceError('Siding')).toBeUndefined() // the 6th named service (the blank one does not count)
    expect(serviceError('Gutters')).toBe('Please choose a service from the list.') // the 7th
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

  test('a filled honeypot is a bot: answered like a success before any field is checked, with no lead', () => {
    const bot = parseEstimateForm(
      { firstName: '', email: 'nope', service: 'Free Money', [HONEYPOT_FIELD]: 'http://spam.example' },
      services,
      'en',
    )
    expect(bot).toEqual({ ok: true, bot: true })
    expect(parseEstimateForm({ ...valid, [HONEYPOT_FIELD]: 'x' }, services, 'en')).toEqual({ ok: true, bot: true })
  })

  test('a blank honeypot is a person', () => {
    expect(parseEstimateForm({ ...valid, [HONEYPOT_FIELD]: '  ' }, services, 'en')).toMatchObject({ ok: true, bot: false })
    expect(parseEstimateForm({ firstName: '', [HONEYPOT_FIELD]: '' }, services, 'en')).toMatchObject({ ok: false })
  })

  test('the honeypot is read apart from the lead', () => {
    const { values, honeypot } = readEstimateForm({ ...valid, [HONEYPOT_FIELD]: 'http://spam.example' })
    expect(honeypot).toBe('http://spam.example')
    expect(values).not.toHaveProperty(HONEYPOT_FIELD)
  })
})
