/**
 * The review forecast (decision 0060) in `npm run bench`: a learner with 5,000 review cards, whose due times
 * spread as a long-used deck's do (a tenth overdue, the rest over the next 60 days), so the forecast's range
 * of `review_cards_due` holds about 1,600 cards.
 */
import { sql } from 'drizzle-orm';
import { rows, withDb, type Target } from './study.ts';

/** Cards of the forecast's learner. */
export const FORECAST_CARDS = 5_000;
/** The learner whose deck the forecast reads: not bench-0, whose own deck the review summary reads. */
export const FORECAST_LEARNER = 'bench-1@example.com';

type Log = (line: string) => void;

/** Tops the learner's deck up to FORECAST_CARDS cards (no questions behind the extra ones). Idempotent. */
export async function ensureForecastDeck(target: Target, log: Log): Promise<void> {
  await withDb(target, async (db) => {
    const [learner] = await rows<{ id: string; cards: number }>(
      db,
      sql`select u.id, (select count(*)::int from review_cards c where c.user_id = u.id) as cards
          from users u where u.email = ${FORECAST_LEARNER}`,
    );
    if (!learner) throw new Error(`${FORECAST_LEARNER} is missing: seed the bench database first`);
    const missing = FORECAST_CARDS - learner.cards;
    if (missing <= 0) {
      log(`Forecast deck present: ${learner.cards} cards.`);
      return;
    }
    await db.execute(sql`
      insert into review_cards (user_id, question_id, topic, due, stability, difficulty, elapsed_days,
        scheduled_days, learning_steps, reps, lapses, state, last_review)
      select ${learner.id}::uuid, gen_random_uuid(), 'Cardiology',
        now() + case when i % 10 = 0 then -(i % 7 + 1) * interval '1 day'
                     else (i % 60) * interval '1 day' + (i % 1440) * interval '1 minute' end,
        10, 5, 3, 10, 0, 3, 0, 2, now() - interval '3 days'
      from generate_series(1, ${missing}) as i`);
    log(`Forecast deck: ${missing} cards added (${FORECAST_CARDS} in all).`);
  });
}
