import { Button, Group, type MantineSpacing, Paper, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The bordered search form above a list: a text field, any filters (`children`) and a Search button.
 * `label` names the form, `fieldLabel` the text field; `onSearch` runs on submit. `withIcon` puts a
 * search icon in the field and gives it a minimum width. `before` and `after` go either side.
 */
export function SearchBar({
  label,
  fieldLabel,
  placeholder,
  value,
  onChange,
  onSearch,
  gap,
  withIcon = false,
  before,
  children,
  after,
}: {
  label: string;
  fieldLabel: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  gap?: MantineSpacing;
  withIcon?: boolean;
  before?: ReactNode;
  children?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" mb="md">
      <form
        aria-label={label}
        onSubmit={(e) => {
          e.preventDefault();
          onSearch();
        }}
      >
        <Group align="flex-end" gap={gap}>
          {before}
          <TextInput
            label={fieldLabel}
            placeholder={placeholder}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            leftSection={withIcon ? <IconSearch size={16} aria-hidden="true" /> : undefined}
            style={withIcon ? { flex: 1, minWidth: 200 } : { flex: 1 }}
          />
          {children}
          <Button type="submit">Search</Button>
          {after}
        </Group>
      </form>
    </Paper>
  );
}
