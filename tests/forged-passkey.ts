import { createHash, generateKeyPairSync, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

/**
 * A passkey held by the test itself, not by a browser: its public key is stored as the console stores one, and it
 * answers a sign-in challenge with the flags the test chooses (user present, verified or not), as a hostile or
 * careless authenticator could. The browser suites show the real ceremony; this one shows what the server accepts.
 */
export function forgedPasskey(id: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  // COSE_Key for ES256 on P-256 (RFC 9053): kty EC2, alg -7, crv 1, x, y.
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ])
  let counter = 0
  return {
    id,
    publicKey: isoCBOR.encode(cose),
    /** A sign-in answer to `challenge` for `origin`; `verified` sets the user-verified flag. */
    answer(challenge: string, origin: string, { verified }: { verified: boolean }) {
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }))
      const rpIdHash = createHash('sha256').update(new URL(origin).hostname).digest()
      const flags = 0x01 | (verified ? 0x04 : 0)
      const authenticatorData = Buffer.concat([rpIdHash, Buffer.from([flags]), Buffer.from(new Uint32Array([0]).buffer)])
      authenticatorData.writeUInt32BE(++counter, 33)
      const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()])
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: clientDataJSON.toString('base64url'),
          authenticatorData: authenticatorData.toString('base64url'),
          signature: sign('sha256', signed, privateKey).toString('base64url'),
        },
        clientExtensionResults: {},
      }
    },
  }
}
