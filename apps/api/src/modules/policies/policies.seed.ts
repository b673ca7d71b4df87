import type { Db } from '../../db/client';

/** Demo policy data for Acme: 2026 national holidays and optional ones in the default calendar, a night shift. */
export async function seedPoliciesDemo(db: Db, companyId: string): Promise<void> {
  await db.tenant(companyId, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      'SELECT holiday_calendar_id AS id FROM master_policies WHERE is_default AND holiday_calendar_id IS NOT NULL',
    );
    const calendarId = rows[0]?.id;
    if (calendarId) {
      await tx.query('UPDATE holiday_calendars SET optional_limit = 2 WHERE id = $1', [calendarId]);
      const holidays: [string, string, boolean][] = [
        ['2026-01-26', 'Republic Day', false],
        ['2026-03-04', 'Holi', false],
        ['2026-08-15', 'Independence Day', false],
        ['2026-08-26', 'Onam', true],
        ['2026-08-28', 'Raksha Bandhan', true],
        ['2026-10-02', 'Gandhi Jayanti', false],
        ['2026-11-08', 'Diwali', false],
        ['2026-12-25', 'Christmas', true],
      ];
      for (const [date, name, optional] of holidays) {
        await tx.query(
          `INSERT INTO holidays (company_id, calendar_id, holiday_date, name, optional) VALUES ($1, $2, $3, $4, $5)`,
          [companyId, calendarId, date, name, optional],
        );
      }
    }
    await tx.query(
      `INSERT INTO shifts (company_id, name, start_time, end_time, break_minutes, grace_in_minutes, grace_out_minutes)
       VALUES ($1, 'Night shift', '22:00', '06:00', 30, 15, 15)`,
      [companyId],
    );
  });
}
