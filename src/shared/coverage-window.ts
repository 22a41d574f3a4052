/**
 * Articles published more than this long after a release's send are not its coverage. Apart from
 * coverage.ts (its schemas bring zod) because the dashboard's recent coverage reads only this number.
 */
export const COVERAGE_WINDOW_DAYS = 30;
