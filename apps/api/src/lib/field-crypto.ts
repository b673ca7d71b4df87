import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Application-level encryption of sensitive fields (PAN, Aadhaar, bank account number) with
 * AES-256-GCM. The key is derived from DATA_KEY; each value gets a fresh 12-byte IV. Stored form:
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, so a later key rotation can add `v2`.
 */
export type FieldCrypto = {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
};

export function createFieldCrypto(dataKey: string): FieldCrypto {
  const key = createHash('sha256').update(`hr-field-crypto:${dataKey}`).digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(
        '.',
      );
    },
    decrypt(stored) {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('field-crypto: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** The last four characters, for masked display: `XXXXXX1234`. */
export const lastFour = (value: string) => value.slice(-4);
export const masked = (last4: string | null | undefined, length = 10) =>
  last4 ? `${'X'.repeat(Math.max(length - last4.length, 4))}${last4}` : null;
