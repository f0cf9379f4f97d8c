import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey authenticator for the API tests, written from the WebAuthn Level 2 formats with Node's own
 * crypto (ES256 on P-256, "none" attestation) and a small CBOR writer: independent of the WebAuthn library the
 * server verifies with. The browser's own authenticator is exercised in the e2e tests (Chromium's virtual one).
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

type Cbor = number | string | Buffer | Map<number | string, Cbor> | Record<string, never>;

/** RFC 8949 major types 0-5 as far as these messages need them. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v as Cbor)])]);
}

export interface SoftwarePasskey {
  credentialId: string;
  /** Answers navigator.credentials.create's options, as a browser's RegistrationResponseJSON. */
  register(options: { challenge: string; rp: { id: string } }, origin: string): Record<string, unknown>;
  /** Answers navigator.credentials.get's options, as a browser's AuthenticationResponseJSON. */
  authenticate(options: { challenge: string; rpId: string }, origin: string): Record<string, unknown>;
}

export function softwarePasskey(): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credential = randomBytes(16);
  let counter = 0;
  const coseKey = (key: KeyObject) => {
    const jwk = key.export({ format: 'jwk' });
    return new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
  };
  const authData = (rpId: string, flags: number, extra = Buffer.alloc(0)) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  };
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const id = b64url(credential);
  return {
    credentialId: id,
    register(options, origin) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credential.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credential, cbor(coseKey(publicKey))]);
      // User present, user verified, attested credential data.
      const data = authData(options.rp.id, 0x01 | 0x04 | 0x40, attested);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', {}],
          ['authData', data],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    authenticate(options, origin) {
      counter += 1;
      const data = authData(options.rpId, 0x01 | 0x04);
      const client = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}
