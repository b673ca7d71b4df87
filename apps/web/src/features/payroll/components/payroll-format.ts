import { formatPaise } from '../../../lib/format';

/** How a component's amount is reached, in words, e.g. "50% of CTC" or "₹1,600.00 a month". */
export function calculationText(c: {
  value_type: string;
  amount_paise: number | null;
  percent: number | null;
}): string {
  switch (c.value_type) {
    case 'fixed_amount':
      return `${formatPaise(c.amount_paise ?? 0)} a month`;
    case 'percentage_of_ctc':
      return `${c.percent ?? 0}% of CTC`;
    case 'percentage_of_basic':
      return `${c.percent ?? 0}% of basic`;
    case 'balancing':
      return 'Balance of CTC';
    default:
      return c.value_type;
  }
}

/** Rupees typed in a form as integer paise; '' stays null. */
export const toPaise = (rupees: string | number): number | null =>
  rupees === '' || rupees === null || rupees === undefined ? null : Math.round(Number(rupees) * 100);
