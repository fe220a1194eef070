/** First letter upper-cased, e.g. an audit summary 'created exam "X"' → 'Created exam "X"'. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * How a stored administrator role reads (spec §2 Admin management: Role, fallback 'Admin'). Roles are
 * stored as lower-case codes ('admin'); the table shows them as words, 'Admin' when none is set.
 */
export function roleLabel(role: string | null | undefined): string {
  const words = (role ?? '')
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (words.length === 0) return 'Admin';
  return words.map((word) => capitalise(word.toLowerCase())).join(' ');
}
