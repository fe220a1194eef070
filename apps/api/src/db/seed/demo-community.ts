/*
 * A few demo discussions (decision 0056), so a fresh `npm start` shows the community: members who
 * post under display names (accounts that cannot sign in), comments and replies under two articles and
 * under the first question of Clinical Medicine Essentials, helpful votes and one team reply.
 */

export interface DemoMember {
  key: string;
  name: string;
  displayName: string;
}

export interface DemoComment {
  /** who wrote it: a member's key, or 'team' for a team reply */
  author: string;
  body: string;
  /** members who voted it helpful */
  helpfulFrom?: string[];
  replies?: Array<{ author: string; body: string }>;
}

export interface DemoThread {
  /** an article (by title) or a question (an exam's title and the question's position in it) */
  article?: string;
  exam?: { title: string; question: number };
  comments: DemoComment[];
}

export const DEMO_TEAM_NAME = 'Medical Learning Platform team';

export const demoMembers: DemoMember[] = [
  { key: 'priya', name: 'Priya Shah', displayName: 'Priya (FY1)' },
  { key: 'tom', name: 'Tom Evans', displayName: 'TomE_nursing' },
  { key: 'amara', name: 'Amara Okafor', displayName: 'Amara O.' },
];

export const demoThreads: DemoThread[] = [
  {
    article: 'Recognising Sepsis Early: What Every Clinician Should Know',
    comments: [
      {
        author: 'tom',
        body:
          'On our ward the NEWS2 trigger of 5 is what gets the sepsis screen started. Worth remembering that a ' +
          'single parameter scoring 3 also needs an urgent review, even when the total is low.',
        helpfulFrom: ['priya', 'amara'],
        replies: [
          {
            author: 'priya',
            body: 'Same in our trust. The *time* of the first antibiotic dose is what gets audited, so write it down.',
          },
        ],
      },
      {
        author: 'amara',
        body:
          'A memory aid that works for me for the Sepsis Six: **three in** (oxygen, fluids, antibiotics) and ' +
          '**three out** (cultures, lactate, urine output).',
        helpfulFrom: ['tom'],
      },
    ],
  },
  {
    article: 'How to Prepare for Multiple-Choice Medical Exams',
    comments: [
      {
        author: 'priya',
        body:
          'Doing blocks of 40 in timed mode and then reading every explanation, even for the ones I got right, ' +
          'moved my scores more than anything else.',
        helpfulFrom: ['amara'],
        replies: [
          {
            author: 'team',
            body:
              'Thanks for sharing. The spaced review deck brings back the ones you missed, so the explanations ' +
              'come round again at the right time.',
          },
        ],
      },
    ],
  },
  {
    exam: { title: 'Clinical Medicine Essentials', question: 0 },
    comments: [
      {
        author: 'amara',
        body:
          'II, III and aVF all look at the inferior wall. Always check V4R for right ventricular involvement ' +
          'before giving nitrates.',
        helpfulFrom: ['priya', 'tom'],
        replies: [{ author: 'tom', body: 'Good point: right ventricular infarcts are preload dependent.' }],
      },
      {
        author: 'priya',
        body: 'Lateral is I, aVL, V5 and V6; anterior is V1 to V4. Writing the leads around a heart diagram helped me.',
      },
    ],
  },
];
