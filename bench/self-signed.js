// A self-signed certificate for a bench's local HTTPS host, made by Debian's openssl into `folder` and
// kept there until it is about to expire.
import crypto from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * `names`: the certificate's subject alternative names (`DNS:localhost`, `IP:127.0.0.1`), the first one
 * also its common name. Returns the key and certificate (PEM), the certificate's file (for NODE_EXTRA_CA_CERTS)
 * and the SHA-256 of its public key in base64 (for Chromium's --ignore-certificate-errors-spki-list).
 * @param {string} folder
 * @param {string[]} names
 */
export function selfSignedCertificate(folder, names) {
  const key = path.join(folder, 'host.key')
  const cert = path.join(folder, 'host.crt')
  const dayFromNow = Date.now() + 86_400_000
  if (!fs.existsSync(cert) || Date.parse(new crypto.X509Certificate(fs.readFileSync(cert)).validTo) < dayFromNow) {
    fs.mkdirSync(folder, { recursive: true })
    const commonName = names[0]?.replace(/^\w+:/, '') ?? 'localhost'
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '30',
        '-subj',
        `/CN=${commonName}`,
        '-addext',
        `subjectAltName=${names.join(',')}`,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    )
  }
  const pem = fs.readFileSync(cert)
  const spki = new crypto.X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' })
  return { key: fs.readFileSync(key), cert: pem, certFile: cert, spkiHash: crypto.createHash('sha256').update(spki).digest('base64') }
}
