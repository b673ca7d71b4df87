import { formatBytes } from './export-buttons';

describe('formatBytes', () => {
  it('shows the bytes received so far in B, KB or MB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024 + 300 * 1024)).toBe('5.3 MB');
  });
});
