import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkCron, cronFromText } from '../../src/api/schedule.js';

const TOO_OFTEN = { error: 'Schedules must not run more often than every 5 minutes' };

describe('cron expressions', () => {
  test('valid expressions come back with normalised spacing', () => {
    assert.deepEqual(checkCron(' */15   * * * * '), { cron: '*/15 * * * *' });
    for (const cron of ['0 9 * * MON-FRI', '5,35 */2 1-15 JAN,JUL *', '0 0 1 1 0', '7-59/15 * * * *', '59 23 31 12 7']) {
      assert.deepEqual(checkCron(cron), { cron }, cron);
    }
  });

  test('malformed expressions are named', () => {
    assert.match((checkCron('* * * *') as { error: string }).error, /expected 5 fields/);
    assert.match((checkCron('60 * * * *') as { error: string }).error, /bad minute field "60"/);
    assert.match((checkCron('0 24 * * *') as { error: string }).error, /bad hour field/);
    assert.match((checkCron('0 0 * FOO *') as { error: string }).error, /bad month field/);
    assert.match((checkCron('*/0 * * * *') as { error: string }).error, /bad minute field/);
  });

  test('runs closer than 5 minutes apart are refused', () => {
    assert.deepEqual(checkCron('* * * * *'), TOO_OFTEN);
    assert.deepEqual(checkCron('*/4 * * * *'), TOO_OFTEN);
    assert.deepEqual(checkCron('0,3 * * * *'), TOO_OFTEN);
    assert.deepEqual(checkCron('58 * * * *'), { cron: '58 * * * *' });
    // 23:58 then 00:02 the next day.
    assert.deepEqual(checkCron('58,2 23,0 * * *'), TOO_OFTEN);
    assert.deepEqual(checkCron('*/5 * * * *'), { cron: '*/5 * * * *' });
  });
});

describe('schedule text', () => {
  test('the forms the contract lists', () => {
    const cases: [string, string][] = [
      ['every 5 minutes', '*/5 * * * *'],
      ['every 30 minutes', '*/30 * * * *'],
      ['every 15 minutes starting at :07', '7-59/15 * * * *'],
      ['hourly', '0 * * * *'],
      ['every 6 hours', '0 */6 * * *'],
      ['daily', '0 0 * * *'],
      ['daily at 9:00', '0 9 * * *'],
      ['daily at 9am', '0 9 * * *'],
      ['Daily at 5:30 PM', '30 17 * * *'],
      ['daily at 12am', '0 0 * * *'],
      ['weekly', '0 0 * * 0'],
      ['weekly on monday at 8:15', '15 8 * * 1'],
      ['every 120 minutes', '0 */2 * * *'],
    ];
    for (const [text, cron] of cases) assert.deepEqual(cronFromText(text), { cron }, text);
  });

  test('too frequent or not understood', () => {
    assert.deepEqual(cronFromText('every minute'), TOO_OFTEN);
    assert.deepEqual(cronFromText('every 2 minutes'), TOO_OFTEN);
    for (const text of ['whenever', 'daily at 25:00', 'every 90 minutes', 'weekly on funday']) {
      assert.match((cronFromText(text) as { error: string }).error, /^Could not understand the schedule text/, text);
    }
  });
});
