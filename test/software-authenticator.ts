import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A WebAuthn authenticator in plain Node, for tests: an Ed25519 key pair (COSE alg -8) whose registration ("none"
// attestation) and assertions are built byte for byte as the spec lays them out, so the server's real verification
// (@simplewebauthn/server) checks real signatures. What a browser would put in clientDataJSON (the origin, the
// challenge) is the test's to choose: that is how assertions for another origin or challenge are made.

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface Ceremony {
  /** The challenge the options gave (base64url). */
  challenge: string;
  origin: string;
  rpID: string;
  /** Sign with user verification (PIN, biometrics); default true. */
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = new Uint8Array(randomBytes(16));
  private readonly privateKey: KeyObject;
  private readonly publicX: Uint8Array;
  private signCount: number;
  private readonly counting: boolean;

  /** `counting`: whether its signature counter grows (most passkeys keep it at 0). */
  constructor(
    private readonly userHandle: Uint8Array = new Uint8Array(randomBytes(16)),
    { counting = false }: { counting?: boolean } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    this.privateKey = privateKey;
    this.publicX = new Uint8Array(Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url"));
    this.signCount = counting ? 1 : 0;
    this.counting = counting;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private flags(userVerified: boolean, extra = 0) {
    return FLAG_UP | (userVerified ? FLAG_UV : 0) | FLAG_BE | FLAG_BS | extra;
  }

  private counter(): Buffer {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(this.signCount);
    if (this.counting) this.signCount++;
    return bytes;
  }

  /** The browser's answer to registration options. */
  register({ challenge, origin, rpID, userVerified = true }: Ceremony): RegistrationResponseJSON {
    const cose = new Map<number, number | Uint8Array>([
      [1, 1], // kty: OKP
      [3, -8], // alg: EdDSA
      [-1, 6], // crv: Ed25519
      [-2, this.publicX],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpID),
      Buffer.from([this.flags(userVerified, FLAG_AT)]),
      this.counter(),
      Buffer.alloc(16), // AAGUID: none
      length,
      this.credentialId,
      isoCBOR.encode(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    const clientDataJSON = JSON.stringify({ type: "webauthn.create", challenge, origin, crossOrigin: false });
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** The browser's answer to authentication options. */
  assert({ challenge, origin, rpID, userVerified = true }: Ceremony): AuthenticationResponseJSON {
    const authData = Buffer.concat([sha256(rpID), Buffer.from([this.flags(userVerified)]), this.counter()]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin, crossOrigin: false }));
    const signature = sign(null, Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        authenticatorData: b64url(authData),
        clientDataJSON: b64url(clientDataJSON),
        signature: b64url(signature),
        userHandle: b64url(this.userHandle),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
