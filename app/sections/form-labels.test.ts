import { expect, test } from 'vitest'
import { parsePageRecord } from '#app/record/schema.ts'
import { formServices, formText } from './form-labels.ts'

const labelsOf = (formLabel: unknown) => parsePageRecord({ labels: { formLabel } }).labels.formLabel

test('uses the record labels when given', () => {
  const text = formText(labelsOf({ tname: 'Your name', tbutton: 'Get my estimate' }))
  expect(text.tname).toBe('Your name')
  expect(text.tbutton).toBe('Get my estimate')
})

test('empty or blank labels fall back to English defaults', () => {
  const text = formText(labelsOf({ tname: '  ', temail: '' }))
  expect(text).toMatchObject({ tname: 'First Name', tlname: 'Last Name', temail: 'Email', ttypeservice: 'Type of Service', tbutton: 'Send Request' })
})

test('a Spanish form (isenglish false) falls back to Spanish defaults', () => {
  expect(formText(labelsOf({ isenglish: false })).tname).toBe('Nombre')
})

test('the select offers the first six named services, exactly what the server accepts', async () => {
  const { contactFormServices } = await import('#server/leads/lead-service.server.ts')
  const record = parsePageRecord({ dbServices: ['', ...'ABCDEFGH'].map((c) => ({ name: c ? `Service ${c} ` : ' ' })) })
  expect(formServices(record.dbServices)).toEqual(['Service A', 'Service B', 'Service C', 'Service D', 'Service E', 'Service F'])
  expect(formServices(record.dbServices)).toEqual(contactFormServices(record))
})
