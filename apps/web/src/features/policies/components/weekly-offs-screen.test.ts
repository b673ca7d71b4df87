import { describeWeeklyOff } from './weekly-offs-screen';

describe('describeWeeklyOff', () => {
  const none = ['none', 'none', 'none', 'none', 'none'] as const;
  it('names every week once and the weeks of the month otherwise', () => {
    const days = [
      ['full', 'full', 'full', 'full', 'full'],
      [...none],
      [...none],
      [...none],
      [...none],
      [...none],
      ['second_half', 'full', 'second_half', 'full', 'none'],
    ] as const;
    expect(describeWeeklyOff(days.map((d) => [...d]))).toBe(
      'Sunday; Saturday (2nd, 4th); Saturday second half off (1st, 3rd)',
    );
  });
  it('says so when nothing is off', () => {
    expect(describeWeeklyOff(Array.from({ length: 7 }, () => [...none]))).toBe('No weekly off');
  });
});
