/** Monitor schedules (§12.1): 5-field cron expressions and the plain-English forms they can be written in. */

const MIN_INTERVAL_MINUTES = 5;
const MIN_INTERVAL_MESSAGE = `Schedules must not run more often than every ${MIN_INTERVAL_MINUTES} minutes`;
const SCHEDULE_TEXT_MESSAGE =
  'Could not understand the schedule text. Try "every 30 minutes", "hourly", "every 6 hours", "daily at 9am" or "weekly", or give a cron expression.';

type Result = { cron: string } | { error: string };

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: string[];
  /** Value of the first entry of `names`. */
  nameBase?: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day-of-month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS, nameBase: 1 },
  { name: 'day-of-week', min: 0, max: 7, names: WEEKDAYS, nameBase: 0 },
];

function valueOf(token: string, spec: FieldSpec): number | undefined {
  const index = spec.names?.indexOf(token.toUpperCase()) ?? -1;
  if (index >= 0) return index + (spec.nameBase ?? 0);
  if (!/^\d+$/.test(token)) return undefined;
  const value = Number(token);
  return value >= spec.min && value <= spec.max ? value : undefined;
}

/** The values a cron field matches, or undefined when it is malformed. */
function expandField(field: string, spec: FieldSpec): number[] | undefined {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const match = /^(\*|[^/-]+)(?:-([^/]+))?(?:\/(\d+))?$/.exec(part);
    if (!match) return undefined;
    const [, start, end, step] = match;
    const from = start === '*' ? spec.min : valueOf(start!, spec);
    const to = start === '*' ? spec.max : end !== undefined ? valueOf(end, spec) : step !== undefined ? spec.max : from;
    const by = step === undefined ? 1 : Number(step);
    if (from === undefined || to === undefined || from > to || by < 1 || (start === '*' && end !== undefined)) {
      return undefined;
    }
    for (let value = from; value <= to; value += by) values.add(value);
  }
  return [...values];
}

/**
 * Shortest gap between two runs, looking at minutes and hours only: day fields
 * can only make runs rarer, so this never overstates the gap.
 */
function shortestGapMinutes(minutes: number[], hours: number[]): number {
  const times = hours.flatMap((hour) => minutes.map((minute) => hour * 60 + minute)).sort((a, b) => a - b);
  let gap = 24 * 60 - times[times.length - 1]! + times[0]!;
  for (let i = 1; i < times.length; i++) gap = Math.min(gap, times[i]! - times[i - 1]!);
  return gap;
}

/** Validates a 5-field cron expression and returns it with its whitespace normalised. */
export function checkCron(expression: string): Result {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) {
    return { error: 'Invalid cron expression: expected 5 fields (minute hour day-of-month month day-of-week)' };
  }
  const expanded: number[][] = [];
  for (const [index, spec] of FIELDS.entries()) {
    const values = expandField(fields[index]!, spec);
    if (!values) return { error: `Invalid cron expression: bad ${spec.name} field "${fields[index]}"` };
    expanded.push(values);
  }
  if (shortestGapMinutes(expanded[0]!, expanded[1]!) < MIN_INTERVAL_MINUTES) return { error: MIN_INTERVAL_MESSAGE };
  return { cron: fields.join(' ') };
}

/** "9", "9am", "9:00", "5:30 PM", "17:30", "noon", "midnight" → [hour, minute]. */
function parseTime(text: string): [number, number] | undefined {
  if (text === 'noon') return [12, 0];
  if (text === 'midnight') return [0, 0];
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/.exec(text);
  if (!match) return undefined;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const meridiem = match[3];
  if (minute > 59) return undefined;
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  return hour <= 23 ? [hour, minute] : undefined;
}

const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function weekday(text: string): number | undefined {
  const index = DAY_NAMES.findIndex((day) => day === text || day.slice(0, 3) === text);
  return index >= 0 ? index : undefined;
}

function everyMinutes(count: number, offset: number | undefined): Result {
  if (count < MIN_INTERVAL_MINUTES) return { error: MIN_INTERVAL_MESSAGE };
  if (count < 60) {
    if (offset === undefined) return { cron: `*/${count} * * * *` };
    return offset < count ? { cron: `${offset}-59/${count} * * * *` } : { error: SCHEDULE_TEXT_MESSAGE };
  }
  return count % 60 === 0 && offset === undefined ? everyHours(count / 60) : { error: SCHEDULE_TEXT_MESSAGE };
}

function everyHours(count: number): Result {
  if (count === 24) return { cron: '0 0 * * *' };
  return count >= 1 && count < 24 ? { cron: count === 1 ? '0 * * * *' : `0 */${count} * * *` } : { error: SCHEDULE_TEXT_MESSAGE };
}

/**
 * Plain-English schedule → cron. Understands "every N minutes [starting at :MM]",
 * "hourly", "every N hours", "daily [at TIME]", "weekly [on DAY] [at TIME]".
 */
export function cronFromText(text: string): Result {
  const input = text.trim().toLowerCase().replace(/\s+/g, ' ');

  let match = /^every (\d+ )?minutes?(?: starting at :?(\d{1,2}))?$/.exec(input);
  if (match) return everyMinutes(Number(match[1] ?? 1), match[2] === undefined ? undefined : Number(match[2]));

  if (input === 'hourly' || input === 'every hour') return everyHours(1);
  match = /^every (\d+) hours?$/.exec(input);
  if (match) return everyHours(Number(match[1]));

  match = /^(?:daily|every day)(?: at (.+))?$/.exec(input);
  if (match) {
    const time = match[1] === undefined ? [0, 0] : parseTime(match[1]);
    return time ? { cron: `${time[1]} ${time[0]} * * *` } : { error: SCHEDULE_TEXT_MESSAGE };
  }

  match = /^(?:weekly|every week)(?: on (\w+))?(?: at (.+))?$/.exec(input);
  if (match) {
    const day = match[1] === undefined ? 0 : weekday(match[1]);
    const time = match[2] === undefined ? [0, 0] : parseTime(match[2]);
    return day !== undefined && time ? { cron: `${time[1]} ${time[0]} * * ${day}` } : { error: SCHEDULE_TEXT_MESSAGE };
  }

  return { error: SCHEDULE_TEXT_MESSAGE };
}
