import { LETTER_STATUS_LABELS, LETTER_TYPE_LABELS, type Letter, type LetterStatus } from '@hr/contract';
import { Badge, Button } from '@mantine/core';
import { toastError } from '../../../lib/toasts';
import { downloadLetter } from '../api/letters-api';

const COLOR: Record<LetterStatus, string> = { pending: 'yellow', accepted: 'green', rejected: 'red' };

export function LetterStatusBadge({ status }: { status: LetterStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light">
      {LETTER_STATUS_LABELS[status]}
    </Badge>
  );
}

export const letterTypeLabel = (l: Letter) => LETTER_TYPE_LABELS[l.letter_type];

export function DownloadLetterButton({ letter }: { letter: Letter }) {
  if (!letter.file_name) return null;
  return (
    <Button
      size="xs"
      variant="light"
      aria-label={`Download ${letter.title}`}
      onClick={() => downloadLetter(letter).catch(() => toastError('Could not download the letter'))}
    >
      Download
    </Button>
  );
}

export const MONTH_OPTIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
].map((label, i) => ({ value: String(i + 1), label }));
export const STATUS_OPTIONS = (Object.keys(LETTER_STATUS_LABELS) as LetterStatus[]).map((value) => ({
  value,
  label: LETTER_STATUS_LABELS[value],
}));
export function yearOptions(now = new Date()) {
  return Array.from({ length: 6 }, (_, i) => String(now.getFullYear() - i)).map((y) => ({
    value: y,
    label: y,
  }));
}
