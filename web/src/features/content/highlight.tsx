/**
 * Text with every occurrence of `keyword` marked (case-insensitive), as <mark> elements: the text stays text (never
 * HTML), so a search result cannot inject markup.
 */
export function Highlight({ text, keyword }: { text: string; keyword: string }) {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return <>{text}</>;
  const lower = text.toLowerCase();
  const parts: Array<{ text: string; hit: boolean; at: number }> = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false, at: from });
    parts.push({ text: text.slice(at, at + needle.length), hit: true, at });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), hit: false, at: from });
  return <>{parts.map((p) => (p.hit ? <mark key={p.at}>{p.text}</mark> : <span key={p.at}>{p.text}</span>))}</>;
}
