// Secrets never reach stderr or a log line: a URL's password (DATABASE_URL, SMTP_URL, a webhook's) and a
// Standard Webhooks secret are masked in any text, wherever it came from (our message, a library's error).
// Plain JavaScript so server/observability/startup-error.js can use it before any build exists.

/**
 * @param {string} text
 * @returns {string}
 */
export function maskCredentials(text) {
  return text.replace(/(\b[a-z][a-z\d+.-]*:\/\/[^\s/?#@:'"]*):[^\s/?#@'"]*@/gi, '$1:***@').replace(/\bwhsec_[A-Za-z\d+/=]+/g, 'whsec_***')
}
