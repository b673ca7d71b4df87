import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type DrawerProps,
  type ModalProps,
  type PaginationProps,
  PasswordInput,
  type TableScrollContainerProps,
} from '@mantine/core';

const PAGE_CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

const CLOSE_BUTTON = { 'aria-label': 'Close' };

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  defaultRadius: 'md',
  components: {
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        // Mantine's default name, "Toggle password visibility", makes label queries such as
        // "Password" match the eye button too.
        visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' },
      },
    }),
    // By name, not Table.ScrollContainer.extend(): importing the component would put it (and its
    // ScrollArea) into the sign-in page's scripts.
    TableScrollContainer: {
      defaultProps: {
        // A table wider than a phone scrolls within this box, not the page. A plain scrolling box
        // (not Mantine's ScrollArea), focusable so it can be scrolled with the keyboard (WCAG 2.1.1).
        type: 'native',
        tabIndex: 0,
        // The containing block of what is absolutely placed in the table (hidden checkbox inputs),
        // else that escapes the clipping and widens the page.
        pos: 'relative',
      } satisfies Partial<TableScrollContainerProps> & { tabIndex: number },
    },
    // Every drawer's and dialog's close button: Mantine's is an icon with no name, which axe
    // reports as a critical violation and a screen reader announces as just "button". A screen may
    // pass its own closeButtonProps, which replace these, so it must name the button itself.
    Drawer: { defaultProps: { closeButtonProps: CLOSE_BUTTON } satisfies Partial<DrawerProps> },
    Modal: { defaultProps: { closeButtonProps: CLOSE_BUTTON } satisfies Partial<ModalProps> },
    Pagination: {
      defaultProps: {
        // The arrows are icon buttons: without names a screen reader announces just "button".
        getControlProps: (control) => ({ 'aria-label': PAGE_CONTROL_NAMES[control] }),
      } satisfies Partial<PaginationProps>,
    },
  },
});

/** WCAG 2 AA for normal text (1.4.3). */
export const MIN_CONTRAST = 4.5;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour, darkened in small steps until it reads at MIN_CONTRAST on `background`. */
export function readableOn(color: string, background: string): string {
  let rgb = rgbOf(color);
  let hex = color;
  while (contrast(hex, background) < MIN_CONTRAST) {
    rgb = rgb.map((v) => v * 0.96) as Rgb;
    hex = hexOf(rgb);
  }
  return hex;
}

const WHITE = '#ffffff';
const gray = DEFAULT_THEME.colors.gray;

/**
 * Mantine's default light-scheme colours fail WCAG AA contrast: dimmed text is gray.6 (3.3:1 on
 * white), white on a filled blue button 3.6:1, a light badge's green text on its green 3.8:1. At the
 * source, so every screen (now and later) is covered: each theme colour's text, filled, outline and
 * light-variant text colours, the dimmed, anchor and error colours, are darkened just enough to read
 * at 4.5:1 on white and on the light greys tables and panels use (gray.0, gray.1) (ADR 0011).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(t.colors)) {
    // Against gray.1: then also against white, and white text on it.
    const filled = readableOn(shades[6] ?? shades[0]!, gray[1]!);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = readableOn(
      hexOf(rgbOf(filled).map((v) => v * 0.9) as Rgb),
      WHITE,
    );
    light[`--mantine-color-${name}-outline`] = filled;
    // Light variants: dark text on the colour's shade 1 (shade 2 on hover).
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9]!, shades[2]!);
  }
  light['--mantine-color-dimmed'] = readableOn(gray[6]!, gray[1]!);
  light['--mantine-color-anchor'] = `var(--mantine-color-${t.primaryColor}-filled)`;
  light['--mantine-color-error'] = 'var(--mantine-color-red-filled)';
  return { variables: {}, light, dark: {} };
};
