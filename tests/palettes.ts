import demo from '../demo/record.json' with { type: 'json' }

/**
 * Palettes a contractor might pick without WCAG in mind (issue 10), beside the demo's own.
 * pastel: light heading and paragraph colours, yellow buttons under white text, white icons.
 * nearBlack: every colour almost black, text included.
 */
export const palettes = {
  demo: demo.styles,
  pastel: {
    mainColor: '#a7d8f0',
    secondaryColor: '#f9e79f',
    thirdColor: '#f5cba7',
    headingTextColor: '#d7bde2',
    paragraphTextColor: '#c5e1a5',
    bgFooter: '#fadbd8',
    btn: '#fff59d',
    btnHover: '#ffe082',
    scrollColor: '#fff9c4',
    iconsMenuMovil: '#ffffff',
    overlayColor: 'rgba(255, 240, 245, 0.35)',
  },
  nearBlack: {
    mainColor: '#0a0a0a',
    secondaryColor: '#111111',
    thirdColor: '#050505',
    headingTextColor: '#1a1a1a',
    paragraphTextColor: '#0d0d0d',
    bgFooter: '#000000',
    btn: '#121212',
    btnHover: '#000000',
    scrollColor: '#0b0b0b',
    iconsMenuMovil: '#101010',
    overlayColor: 'rgba(0, 0, 0, 0.9)',
  },
} as const

export type PaletteName = keyof typeof palettes
