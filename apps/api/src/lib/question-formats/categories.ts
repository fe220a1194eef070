/*
 * Moodle question categories as topics (decision 0039, addendum 2026-11-27). A Moodle XML
 * <question type="category"> or a GIFT `$CATEGORY:` line files the questions after it in a category path
 * such as `$course$/top/Cardiology`; its last part is their topic. Moodle's own containers are no topic:
 * the context (`$course$`), `top`, and the 'Default for …' category every course starts with (Moodle
 * exports questions that were never filed as `$course$/top/Default for <course>`).
 */

/** The names of a category path: '/' separates them, and '//' is a '/' inside a name (Moodle's escape). */
function categoryNames(path: string): string[] {
  return path
    .split(/(?<!\/)\/(?!\/)/)
    .map((name) => name.replaceAll('//', '/').trim())
    .filter((name) => name !== '');
}

/** The topic a category path gives the questions after it, or null for none. */
export function topicOfCategory(path: string): string | null {
  const last = categoryNames(path).at(-1);
  if (last === undefined) return null;
  if (/^\$[a-z]+\$$/i.test(last) || /^top$/i.test(last) || /^default for\b/i.test(last)) return null;
  return last;
}

function categoryPath(topic: string | null, bank: string): string {
  const name = topic ?? `Default for ${bank}`;
  return `$course$/top/${name.replaceAll('/', '//')}`;
}

/**
 * The category path to write before each question: before the first one and wherever the topic changes,
 * null elsewhere. Questions without a topic after ones with a topic go to 'Default for <bank>', which
 * reads back as no topic. A bank without topics gets no categories (Moodle then uses the one the
 * administrator picks when importing).
 */
export function categoriesBefore(
  questions: ReadonlyArray<{ topic: string | null }>,
  bank: string,
): Array<string | null> {
  if (!questions.some((question) => question.topic)) return questions.map(() => null);
  return questions.map((question, index) =>
    index === 0 || question.topic !== questions[index - 1]?.topic ? categoryPath(question.topic, bank) : null,
  );
}
