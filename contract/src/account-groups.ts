/** group_id: 1 individual, 2 enterprise (spec §3: any value other than 1 is enterprise). Kept apart from the zod schemas so pages can import them without zod. */
export const GROUP_INDIVIDUAL = 1;
export const GROUP_ENTERPRISE = 2;
