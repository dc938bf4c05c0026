import { describe, expect, test } from 'vitest'
import { parsePageRecord } from '#app/record/schema.ts'
import { buildRelayBody, relayUrlOf } from './relay-body.server.ts'
import { testRecord } from '#tests/lead-fixtures.ts'

const lead = {
  firstName: 'Ana',
  lastName: 'Lopez',
  email: 'ana@example.com',
  phone: '555-123-4567',
  address: '1 Main St',
  service: 'Deck Repair',
  contactWays: ['phone', 'email'] as ('phone' | 'email')[],
  message: '',
}

describe('relay body', () => {
  test('matches the provider relay contract, recipient from the record', () => {
    expect(buildRelayBody(lead, testRecord(), 'https://acme.example')).toEqual({
      toEmail: 'owner@acme.example',
      nombre: 'Ana',
      lastname: 'Lopez',
      email: 'ana@example.com',
      asunto: 'New Service Request From Ana Lopez',
      phone: '555-123-4567',
      address: '1 Main St',
      service: 'Deck Repair',
      mensaje: 'No Extra Info',
      img: 'https://acme.example/images/logo.png',
      color: '1',
      // tcheckphone is set, tcheckcorreo is blank and falls back
      waytocontact: 'Call me, Email',
    })
  })

  test('Spanish subject, the message when given, and no contact ways', () => {
    const body = buildRelayBody({ ...lead, message: 'Hola', contactWays: [] }, testRecord({ isenglish: false }))
    expect(body).toMatchObject({ asunto: 'Nueva Solicitud De Servicio From Ana Lopez', mensaje: 'Hola', waytocontact: '' })
    expect(body.img).toBe('/images/logo.png') // no site URL known: left as the record gave it
  })

  test("contact ways are named by the labels the visitor saw: a blank one by the form's default in its language", () => {
    expect(buildRelayBody(lead, testRecord({ isenglish: false })).waytocontact).toBe('Call me, Correo')
  })

  test('an absolute logo is kept as is', () => {
    const record = parsePageRecord({ dbPrincipal: { logo: 'https://cdn.example/logo.png' } })
    expect(buildRelayBody(lead, record, 'https://acme.example').img).toBe('https://cdn.example/logo.png')
  })

  test('relay URL: absolute http(s), root-relative only with a site URL, otherwise none', () => {
    expect(relayUrlOf(testRecord({ linkPostEmail: 'https://relay.example/send' }))).toBe('https://relay.example/send')
    expect(relayUrlOf(testRecord({ linkPostEmail: '/api/send' }), 'https://acme.example')).toBe('https://acme.example/api/send')
    expect(relayUrlOf(testRecord({ linkPostEmail: '/api/send' }))).toBeNull()
    expect(relayUrlOf(testRecord({ linkPostEmail: 'javascript:alert(1)' }))).toBeNull()
    expect(relayUrlOf(testRecord())).toBeNull()
  })
})
