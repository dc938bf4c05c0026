/**
 * A record as it arrives from an admin no one here controls, mangled by hand: numbers where text
 * goes, strings where numbers and flags go, nulls for whole objects, lists and entries, keys the
 * schema does not know (typos of known keys among them), empty list entries, a phone too short to
 * dial. The record report must name every one of these (app/record/record-report.test.ts), and the
 * site must still render every page from it (tests/hostile-records.test.ts).
 */
export const mangled = {
  _id: '6553f0c2a1b2c3d4e5f60718',
  styles: null,
  dbPrincipal: {
    name: 2024,
    logo: '/demo/images/logo.webp',
    licenced: 'Licensed & insured',
    exprYears: '15',
    miles: '1,500',
    phones: [{ phone: '303-555-0142', name: 'Office', ext: 12 }, { phone: 5555555555, name: 'Cell' }, { phone: '555', name: 'Yard' }, null],
    emails: [null, { email: 5 }],
    location: [{ address: '1 Main St, Denver, CO 80202', url: 'https://www.google.com/maps/embed?pb=x' }],
    workdays: null,
    workHours: [{ hour: '7 AM - 6 PM' }],
  },
  dbSlogan: [{ slogan: 'Built right, built once' }],
  dbServies: [{ name: 'Wood Fence', description: [{ text: 'Cedar and pine.' }] }],
  dbServices: [
    {
      name: 'Decks',
      description: [{ text: 'Composite and cedar decks.', img: '/demo/images/deck-1.webp', lists: ['Posts', '', null, 7] }],
    },
    { name: 'Patios', description: null },
  ],
  Gallery: ['/demo/images/fence-cedar-1.webp'],
  gallery: ['/demo/images/patio-1.webp', '', null],
  videosPromo: null,
  reviews: { activo: 1, isHomeOnly: 'false', links: null },
  gmb: { link: null, img: '' },
  labels: { general: 'Our services', formLabel: { isenglish: 'true', tname: 'Name' } },
  simpleWidgets: [
    { val: 'CallUsNow', activo: 'true' },
    { val: 'WhatsappBtn', activo: true },
  ],
  customLinks: 0,
}
