import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The PDF standard security handler, revision 6 (ISO 32000-2 §7.6.4): AES-256 for every string and
 * stream, the file key wrapped under the user password with the SHA-2 hash of algorithm 2.B. No RC4
 * and no MD5 anywhere (revision 4's AES-128 still derives its keys with them).
 * Readers: Acrobat X and later, pdf.js (browsers), poppler, qpdf, macOS Preview.
 */

/**
 * What the holder of the user password may do: print (bit 3), copy text (bit 5), accessibility
 * extraction (bit 10), print at full quality (bit 12); not change the document, annotate, fill
 * forms or assemble pages. Bits 7-8 and 13-32 are 1 as the standard requires.
 */
const PERMISSIONS = 0xfffff0c0 | (1 << 2) | (1 << 4) | (1 << 9) | (1 << 11) | 0;

export type PdfEncryption = {
  /** The 256-bit file key every string and stream is encrypted with. */
  key: Buffer;
  /** The /Encrypt dictionary, written as is (its strings are never encrypted). */
  dictionary: string;
};

/** SASLprep is approximated by NFKC (our passwords are ASCII); UTF-8, at most 127 bytes. */
function passwordBytes(password: string): Buffer {
  return Buffer.from(password.normalize('NFKC'), 'utf8').subarray(0, 127);
}

/**
 * Algorithm 2.B: the revision-6 hash of the user password with a salt: at least 64 rounds of
 * AES-128 over 64 copies of (password, K), then SHA-256/384/512 by the result (the owner's hash
 * would also take the /U string; none is written, see below). This is most of the cost of a
 * protected document (about 70 rounds, each a cipher and a hash), so the input buffer is filled in
 * place rather than concatenated per round.
 */
export function hash2B(password: Buffer, salt: Buffer): Buffer {
  let k = createHash('sha256').update(password).update(salt).digest();
  const buffer = Buffer.allocUnsafe((password.length + 64) * 64);
  let e: Buffer;
  let round = 0;
  do {
    // K is 32, 48 or 64 bytes: the whole of the last hash goes into the sequence.
    const unit = password.length + k.length;
    const input = buffer.subarray(0, unit * 64);
    password.copy(input, 0);
    k.copy(input, password.length);
    for (let filled = unit; filled < input.length; filled *= 2) {
      input.copyWithin(filled, 0, Math.min(filled, input.length - filled));
    }
    const aes = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    aes.setAutoPadding(false);
    e = aes.update(input); // a multiple of 16 bytes: update returns all of it
    // The first 16 bytes of E as a number mod 3 equals the sum of those bytes mod 3 (256 ≡ 1 mod 3).
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i]!;
    k = createHash(sum % 3 === 0 ? 'sha256' : sum % 3 === 1 ? 'sha384' : 'sha512')
      .update(e)
      .digest();
    round++;
  } while (round < 64 || e[e.length - 1]! > round - 32);
  return k.subarray(0, 32);
}

function aes256NoPadding(key: Buffer, data: Buffer, mode: 'aes-256-cbc' | 'aes-256-ecb'): Buffer {
  const c = createCipheriv(mode, key, mode === 'aes-256-cbc' ? Buffer.alloc(16) : null);
  c.setAutoPadding(false);
  return Buffer.concat([c.update(data), c.final()]);
}

const hex = (b: Buffer) => `<${b.toString('hex')}>`;

/**
 * A new file key and the /Encrypt dictionary for it: the user password opens the document with the
 * permissions above, and no password gives owner rights (changing the permissions).
 *
 * The owner entries /O and /OE are random bytes rather than the hashes of a random owner password:
 * a password nobody keeps and a hash no password meets lock out the same people, and each hash is
 * one algorithm 2.B (about 70 rounds of AES and SHA-2), so this halves the cost of a protected
 * payslip (ADR 0018). A reader tries the given password as the owner's, fails, then as the user's.
 */
export function standardSecurity(userPassword: string): PdfEncryption {
  // The file key, two salts, /O (48 bytes) and /OE (32), and the 4 random bytes of /Perms.
  const rnd = randomBytes(32 + 16 + 48 + 32 + 4);
  const key = rnd.subarray(0, 32);
  const validationSalt = rnd.subarray(32, 40);
  const keySalt = rnd.subarray(40, 48);
  const user = passwordBytes(userPassword);
  const u = Buffer.concat([hash2B(user, validationSalt), validationSalt, keySalt]);
  const ue = aes256NoPadding(hash2B(user, keySalt), key, 'aes-256-cbc');
  const o = rnd.subarray(48, 96);
  const oe = rnd.subarray(96, 128);
  const perms = Buffer.alloc(16);
  perms.writeInt32LE(PERMISSIONS, 0);
  perms.fill(0xff, 4, 8);
  perms.write('Tadb', 8, 'latin1'); // T: metadata is encrypted too
  rnd.copy(perms, 12, 128, 132);
  const permsEnc = aes256NoPadding(key, perms, 'aes-256-ecb');

  const dictionary =
    '<< /Filter /Standard /V 5 /R 6 /Length 256' +
    ' /CF << /StdCF << /Type /CryptFilter /CFM /AESV3 /AuthEvent /DocOpen /Length 32 >> >>' +
    ` /StmF /StdCF /StrF /StdCF /P ${PERMISSIONS} /EncryptMetadata true` +
    ` /O ${hex(o)} /U ${hex(u)} /OE ${hex(oe)} /UE ${hex(ue)} /Perms ${hex(permsEnc)} >>`;
  return { key: Buffer.from(key), dictionary };
}

/** A string or stream of the document, encrypted: a random 16-byte IV, then AES-256-CBC with padding. */
export function encryptData(key: Buffer, data: Buffer): Buffer {
  const iv = randomBytes(16);
  const c = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([iv, c.update(data), c.final()]);
}
