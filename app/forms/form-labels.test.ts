import { expect, test } from 'vitest'
import { parsePageRecord } from '#app/record/schema.ts'
import { formServices } from '#app/record/service-lists.ts'
import { formText } from './form-labels.ts'

const labelsOf = (formLabel: unknown) => parsePageRecord({ labels: { formLabel } }).labels.formLabel

test('uses the record labels when given', () => {
  const text = formText(labelsOf({ tname: 'Your name', tbutton: 'Get my estimate' }))
  expect(text.tname).toBe('Your name')
  expect(text.tbutton).toBe('Get my estimate')
})

test('empty or blank labels fall back to English defaults', () => {
  const text = formText(labelsOf({ tname: '  ', temail: '' }))
  expect(text).toMatchObject({
    tname: 'First Name',
    tlname: 'Last Name',
    temail: 'Email',
    ttypeservice: 'Type of Service',
    tbutton: 'Send Request',
  })
})

test('the select offers the first six named services, trimmed', () => {
  const record = parsePageRecord({ dbServices: ['', ...'ABCDEFGH'].map((c) => ({ name: c ? `Service ${c} ` : ' ' })) })
  expect(formServices(record.dbServices)).toEqual(['Service A', 'Service B', 'Service C', 'Service D', 'Service E', 'Service F'])
})

test('a Spanish form with blank labels falls back to Spanish defaults', () => {
  expect(formText(labelsOf({ isenglish: false }))).toMatchObject({ tname: 'Nombre', tcheckcorreo: 'Correo', tbutton: 'Enviar' })
})
