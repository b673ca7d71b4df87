/** What other modules may use of the organisation module (they import this file, never its others). */
export { current as currentAnnouncements } from './announcement.repo';
export { employeeHasAssetHistory } from './asset.repo';
export { companyToday } from './org.shared';
