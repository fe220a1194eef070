/** The navigator button's accessible name, e.g. 'Question 3, answered' or 'Question 4, unanswered, flagged'. */
export function navigatorLabel(number: number, answered: boolean, flagged = false): string {
  return `Question ${number}, ${answered ? 'answered' : 'unanswered'}${flagged ? ', flagged' : ''}`;
}
