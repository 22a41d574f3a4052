/**
 * The promise of the landing page: distribution within 30 minutes of approval. Apart from review.ts (its
 * schemas bring zod) because the dashboard's next step and the turnaround figures read only this number.
 */
export const REVIEW_TARGET_MINUTES = 30;
