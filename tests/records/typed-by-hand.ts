/**
 * Records as people type them in the provider's admin: the mistakes the record report must name
 * (app/record/record-report.ts). `handTyped` has one of each; `sparseSpanish` asks for little, in Spanish.
 */
export const handTyped = {
  styles: { mainColor: '#1d4d3a', secondaryColor: 'gold', iconsMenuMovil: 'white', overlayColor: 'rgba(255, 255, 255, 0.2)', btn: 5 },
  dbPrincipal: {
    name: 'Gold Coast Fencing',
    logo: 'ftp://files.example/logo.png',
    exprYears: '12 years',
    miles: 30,
    phones: [{ phone: 'call us', name: 'Office' }, 'none'],
    location: [{ address: '1 Main St, Springfield', url: 'javascript:alert(1)' }],
  },
  dbAbout: [{ text: `We build fences. ${'Strong and straight. '.repeat(10)}`, list: 'posts, rails' }],
  dbServices: [
    { name: 'Fences & Gates!!', description: [{ text: 'Wood and iron.', img: 'https://img.example/missing.jpg' }] },
    { name: 'Contact', description: [{ text: 'Call us.' }] },
    { name: 'fences  gates', description: [{ text: 'Again.' }] },
    { name: '!!!', description: [{ text: 'No name.' }] },
  ],
  landings: [{ name: 'Cedar', gallery: [] }],
  videosPromo: [{ activo: true, link: 'https://vimeo.com/12345', img: '' }],
  brandingExtra: [{ activo: true, link: 'https://brands.example', img: '' }],
  simpleWidgets: [
    { val: 'WhatsappBtn', activo: true },
    { val: 'CallUsNow', activo: 'true' },
    { val: 'Whatsapp', activo: true },
  ],
  reviews: { activo: 'yes', isHomeOnly: false, links: [] },
  ytGallery: { linkCanalYT: 'https://www.youtube.com/@goldcoast', links: ['aqz-KE-bpKQ', 'my best video'] },
  customLinks: 'yes',
}

export const sparseSpanish = {
  dbPrincipal: { name: 'Cercas Pérez', phones: [{ phone: '555-0100', name: 'Oficina' }] },
  dbServices: [{ name: 'Cercas de Madera', description: [{ text: 'Cercas de cedro.' }] }],
  simpleWidgets: [{ val: 'Wheather', activo: true }],
  labels: { formLabel: { isenglish: false, tname: 'Nombre' } },
}
