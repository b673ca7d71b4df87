import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useState } from 'react';
import { FIRST_DAY_OF_WEEK } from '../../lib/calendar';

dayjs.extend(customParseFormat);

/** How every date reads on screen (lib/format.ts formatDate prints the same). */
export const DATE_FORMAT = 'DD MMM YYYY';
const TYPED_FORMATS = ['YYYY-MM-DD', 'DD MMM YYYY', 'D MMM YYYY', 'DD/MM/YYYY', 'D/M/YYYY', 'DD-MM-YYYY'];

/** A typed date in any of the usual Indian ways (23 Nov 2026, 23/11/2026, 2026-11-23) as YYYY-MM-DD. */
export function parseTypedDate(input: string): string | null {
  const text = input.trim();
  for (const f of TYPED_FORMATS) {
    const d = dayjs(text, f, true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
}

/**
 * A calendar date field: type it or pick it; shown as "23 Nov 2026", kept as "YYYY-MM-DD" (what
 * the API takes). An empty field is ''.
 */
export function DateField({
  value,
  onChange,
  minDateMessage,
  ...props
}: Omit<DateInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** Said when a typed date is before `minDate` (the calendar does not offer those days). */
  minDateMessage?: string;
}) {
  const [refused, setRefused] = useState<string | null>(null);
  const min = typeof props.minDate === 'string' ? props.minDate : null;
  // A typed date before the earliest allowed one is not taken; say why instead of dropping it.
  const checkTyped = (text: string) => {
    const typed = parseTypedDate(text);
    setRefused(
      typed && min && typed < min
        ? (minDateMessage ?? `Choose ${dayjs(min).format(DATE_FORMAT)} or later`)
        : null,
    );
  };
  return (
    <DateInput
      valueFormat={DATE_FORMAT}
      dateParser={parseTypedDate}
      placeholder="e.g. 23 Nov 2026"
      clearable={!props.required}
      popoverProps={{ withinPortal: true }}
      firstDayOfWeek={FIRST_DAY_OF_WEEK}
      {...props}
      error={props.error ?? refused ?? undefined}
      value={value || null}
      onChange={(v) => {
        setRefused(null);
        onChange(v ?? '');
      }}
      onInput={(e) => checkTyped(e.currentTarget.value)}
      onKeyDown={(e) => {
        // Enter in a date field picks the typed date; it must not submit the form around it.
        if (e.key === 'Enter') e.preventDefault();
        props.onKeyDown?.(e);
      }}
    />
  );
}
