import { BUILT_IN_ROLES } from '@hr/contract';
import { announcementAbilities, assetAbilities, divisionAbilities } from './org.policy';

const admin = [...BUILT_IN_ROLES.Admin];
const viewer = ['division.view', 'manage_assets.view', 'announcements.view'];

describe('org abilities', () => {
  it('divisions: delete only when empty', () => {
    expect(divisionAbilities(admin, { employee_count: 0 })).toEqual({ edit: true, delete: true });
    expect(divisionAbilities(admin, { employee_count: 3 })).toEqual({ edit: true, delete: false });
    expect(divisionAbilities(viewer, { employee_count: 0 })).toEqual({ edit: false, delete: false });
  });
  it('assets: delete only when nobody holds it', () => {
    expect(assetAbilities(admin, { holder_id: null })).toEqual({ edit: true, delete: true });
    expect(assetAbilities(admin, { holder_id: 'e1' })).toEqual({ edit: true, delete: false });
    expect(assetAbilities(viewer, { holder_id: null })).toEqual({ edit: false, delete: false });
  });
  it('announcements: by permission', () => {
    expect(announcementAbilities(admin)).toEqual({ edit: true, delete: true });
    expect(announcementAbilities(['announcements.view', 'announcements.edit'])).toEqual({
      edit: true,
      delete: false,
    });
  });
});
