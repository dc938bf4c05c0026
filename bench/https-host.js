// A bench's local HTTPS host (bench:photos' image host, bench:lighthouse's stand-in for YouTube): a
// self-signed certificate, made by Debian's openssl into a folder and kept there until it is about to
// expire, and a server on a free loopback port.
import crypto from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import path from 'node:path'

/**
 * Starts an HTTPS server on 127.0.0.1 answering with `handler`. `names`: its certificate's subject
 * alternative names (`DNS:localhost`, `IP:127.0.0.1`), the first one also its common name; the
 * certificate is kept in `folder`. Returns the server, its port, the certificate's file (for
 * NODE_EXTRA_CA_CERTS) and the SHA-256 of its public key in base64 (for Chromium's
 * --ignore-certificate-errors-spki-list).
 * @param {string} folder
 * @param {string[]} names
 * @param {import('node:http').RequestListener} handler
 */
export async function startHttpsHost(folder, names, handler) {
  const { key, cert, certFile, spkiHash } = selfSignedCertificate(folder, names)
  const server = https.createServer({ key, cert }, handler)
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  return { server, port, certFile, spkiHash }
}

/** @param {string} folder @param {string[]} names */
function selfSignedCertificate(folder, names) {
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
