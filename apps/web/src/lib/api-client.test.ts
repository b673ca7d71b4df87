import { isNotificationUrl, isRefreshExempt } from './api-client';

describe('refresh exemptions', () => {
  it('exempts login, refresh and otp-verify only', () => {
    expect(isRefreshExempt('/auth/login')).toBe(true);
    expect(isRefreshExempt('/auth/refresh')).toBe(true);
    expect(isRefreshExempt('auth/otp-verify')).toBe(true);
    expect(isRefreshExempt('/auth/me')).toBe(false);
    expect(isRefreshExempt('/auth/logout')).toBe(false);
    expect(isRefreshExempt('/employee')).toBe(false);
  });
});

describe('notification urls', () => {
  it('recognises notification calls, whose errors are silent', () => {
    expect(isNotificationUrl('/notification')).toBe(true);
    expect(isNotificationUrl('/notification/read')).toBe(true);
    expect(isNotificationUrl('notification?page=1')).toBe(true);
    expect(isNotificationUrl('/employee')).toBe(false);
  });
});
