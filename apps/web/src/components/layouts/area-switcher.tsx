import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { AreaKey, AreaNav } from './types';

/** Links between the areas the user may enter; hidden when there is only one. */
export function AreaSwitcher({
  areas,
  current,
}: {
  areas: readonly AreaNav[];
  current: AreaKey | undefined;
}) {
  if (areas.length < 2) return null;
  return (
    <Group component="nav" aria-label="Areas" gap={4} wrap="nowrap">
      {areas.map((area) => {
        const active = area.key === current;
        return (
          <Button
            key={area.key}
            component={Link}
            to={area.base}
            size="compact-sm"
            variant={active ? 'filled' : 'subtle'}
            aria-current={active ? 'page' : undefined}
          >
            {area.label}
          </Button>
        );
      })}
    </Group>
  );
}
