/** The default site title: the product's Chinese name (spec §9). Apart from the zod schemas so public pages import no zod. */
export const DEFAULT_SITE_TITLE = '乐轨音乐';
