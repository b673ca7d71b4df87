import { Box, Text } from '@mantine/core';

export type Bar = { label: string; value: number };

/**
 * A plain SVG bar chart, for figures people would rather look at than read. The screen keeps the
 * same figures in a table beside it, so the chart is one image with a summary for screen readers.
 * No chart library: this is all the product needs so far, and it costs no bundle weight.
 */
export function BarChart({
  title,
  bars,
  format = (n) => String(n),
  height = 180,
  slot = 56,
}: {
  title: string;
  bars: Bar[];
  format?: (n: number) => string;
  height?: number;
  /** Width given to each bar with its labels (wider for names and amounts than for months). */
  slot?: number;
}) {
  if (bars.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Nothing to chart.
      </Text>
    );
  }
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = bars.length * slot;
  const top = 18;
  const bottom = 22;
  const plot = height - top - bottom;
  const summary = bars.map((b) => `${b.label}: ${format(b.value)}`).join(', ');
  return (
    // A region that may scroll sideways must take focus, so the keyboard can scroll it too.
    <Box
      component="section"
      aria-label={`${title} chart`}
      tabIndex={0}
      style={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <svg
        role="img"
        aria-label={`${title}. ${summary}`}
        viewBox={`0 0 ${width} ${height}`}
        // Drawn at its own size: scaled to the box, a few bars grew huge and many grew tiny.
        width={width}
        height={height}
        style={{ display: 'block' }}
      >
        <title>{title}</title>
        {bars.map((b, i) => {
          const h = Math.round((b.value / max) * plot);
          const x = i * slot + 8;
          return (
            <g key={b.label}>
              <rect
                x={x}
                y={top + plot - h}
                width={slot - 16}
                height={h}
                rx={3}
                fill="var(--mantine-color-blue-7)"
              />
              <text
                x={x + (slot - 16) / 2}
                y={top + plot - h - 4}
                textAnchor="middle"
                fontSize="12"
                fill="currentColor"
              >
                {format(b.value)}
              </text>
              <text
                x={x + (slot - 16) / 2}
                y={height - 6}
                textAnchor="middle"
                fontSize="12"
                fill="currentColor"
              >
                {b.label}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
