/** Admin money: always '£' and two decimals, '£0.00' included (the learner side says 'Free'). */
export function formatPounds(pounds: number): string {
  return `£${(Number.isFinite(pounds) ? pounds : 0).toFixed(2)}`;
}

/** First letter upper-cased, e.g. an audit summary 'created exam "X"' → 'Created exam "X"'. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
