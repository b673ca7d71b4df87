import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrast, cssVariablesResolver, MIN_CONTRAST, readableOn, theme } from './theme';

describe('theme contrast (WCAG 2 AA)', () => {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const light = cssVariablesResolver(full).light;
  const gray = DEFAULT_THEME.colors.gray;

  it("Mantine's own dimmed and filled blue fail, which is why the theme overrides them", () => {
    expect(contrast(gray[6], '#ffffff')).toBeLessThan(MIN_CONTRAST);
    expect(contrast('#ffffff', DEFAULT_THEME.colors.blue[6])).toBeLessThan(MIN_CONTRAST);
  });

  it('dimmed text reads on white and on the light greys', () => {
    for (const bg of ['#ffffff', gray[0], gray[1]]) {
      expect(contrast(light['--mantine-color-dimmed']!, bg)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it('every colour: white on filled, filled as text, light-variant text on its background', () => {
    for (const [name, shades] of Object.entries(full.colors)) {
      const filled = light[`--mantine-color-${name}-filled`]!;
      expect(contrast('#ffffff', filled), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrast(filled, gray[0]), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(
        contrast('#ffffff', light[`--mantine-color-${name}-filled-hover`]!),
        name,
      ).toBeGreaterThanOrEqual(MIN_CONTRAST);
      const lightColor = light[`--mantine-color-${name}-light-color`]!;
      expect(contrast(lightColor, shades[1]), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrast(lightColor, shades[2]), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it('leaves a colour that already reads unchanged', () => {
    expect(readableOn('#212529', '#ffffff')).toBe('#212529');
  });
});
