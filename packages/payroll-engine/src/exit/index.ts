export { computeExitLeaveEncashment, type LeaveEncashmentResult } from './encashment';
export { computeGratuity } from './gratuity';
export { computeNotice, type NoticeResult } from './notice';
export { addMonths, daysBetween, serviceLength, serviceText } from './service';
export { computeSettlement } from './settlement';
export type * from './types';
