/** The built-in logo, used when the site (agent) has none configured. Decorative: the title sits beside it. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="brand-mark-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cff" />
          <stop offset="1" stopColor="#5a2ee6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#brand-mark-gradient)" />
      <path d="M12 22.5a3.5 3.5 0 1 1-2-3.16V9l12-2.5v12a3.5 3.5 0 1 1-2-3.16V10l-8 1.7z" fill="#fff" />
    </svg>
  );
}
