/** The tax code stays pure: no clock, randomness, environment, I/O or node:* imports outside tests. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('.', import.meta.url));
const sources = [
  ...readdirSync(dir).map((f) => join(dir, f)),
  ...readdirSync(join(dir, 'years')).map((f) => join(dir, 'years', f)),
].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('src/tax is pure', () => {
  it.each(sources)('%s', (file) => {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/from ['"]node:|require\(|\bprocess\.|\bDate\b|Math\.random|\bfetch\(|Intl\./);
  });
});
