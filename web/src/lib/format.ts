/**
 * Amount and date formatting (spec §9) live in the shared contract; pages import them from here so the
 * web has one place to adapt them (e.g. a currency suffix) without touching every page.
 */
export { formatDate, formatFen } from '@trackline/contract/format';
export { maskMobile } from '@trackline/contract/identifiers';
