/** The two widths the browser tests look at the site with: a common phone's and a laptop's. */
export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1366, height: 900 }
