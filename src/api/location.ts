import { z } from 'zod';
import { countryCode, opt, strictObject } from './common.js';

/** §2.5 */
export const location = strictObject({
  country: opt(countryCode, 'US').describe('ISO 3166-1 alpha-2 country code (case-insensitive); "US-generic" also accepted.'),
  languages: opt(z.array(z.string())).describe("Preferred languages, e.g. [\"de-DE\", \"en\"]. Defaults to the country's language."),
}).describe('Geo and language emulation: proxy region, Accept-Language, browser locale and timezone.');

export type Location = z.output<typeof location>;
