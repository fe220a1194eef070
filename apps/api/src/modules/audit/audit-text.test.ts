import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntityType } from '@mlp/contract';
import { changedFields } from './audit-changes.ts';
import { describeAudit, describeChanges, type AuditFacts } from './audit-text.ts';

const facts = (
  entityType: AuditEntityType,
  action: AuditAction,
  details: Record<string, unknown> | null = null,
): AuditFacts => ({ entityType, action, details });

/*
 * Every (entity, action) pair the server records (grep recordAudit), with details as recorded, and the
 * sentence the activity log shows for it.
 */
const RECORDED: Array<[AuditFacts, string]> = [
  [facts('exam', 'created', { label: 'Cardiology basics' }), 'Created the exam "Cardiology basics"'],
  [
    facts('exam', 'updated', { label: 'Cardiology basics', isActive: true, changes: [] }),
    'Edited the exam "Cardiology basics"',
  ],
  [facts('exam', 'published', { label: 'Cardiology basics' }), 'Published the exam "Cardiology basics"'],
  [facts('exam', 'deleted', { label: 'Cardiology basics' }), 'Deleted the exam "Cardiology basics"'],
  [
    facts('exam', 'added_question', { label: 'Cardiology basics', questionId: 'q1' }),
    'Added a question to "Cardiology basics"',
  ],
  [
    facts('exam', 'edited_question', { label: 'Cardiology basics', questionId: 'q1' }),
    'Edited a question in "Cardiology basics"',
  ],
  [
    facts('exam', 'deleted_question', { label: 'Cardiology basics', questionId: 'q1' }),
    'Deleted a question from "Cardiology basics"',
  ],
  [
    facts('exam', 'deleted_question', { label: 'Cardiology basics', questionId: 'q1', unpublished: true }),
    'Deleted a question from "Cardiology basics", which moved it back to Draft',
  ],
  [
    facts('exam', 'approved_question', { label: 'Cardiology basics', questionId: 'q1' }),
    'Approved a question in "Cardiology basics"',
  ],
  [
    facts('exam', 'rejected_question', { label: 'Cardiology basics', questionId: 'q1', reason: 'Vague' }),
    'Rejected a question in "Cardiology basics"',
  ],
  [
    facts('exam', 'generated_questions', { label: 'Cardiology basics', kept: 5, dropped: 0 }),
    'Generated 5 questions with AI for "Cardiology basics"',
  ],
  [
    facts('exam', 'applied_ai_suggestion', {
      label: 'Cardiology basics',
      questionId: 'q1',
      model: 'gpt-x',
      verdict: 'disagrees',
      changes: [{ field: 'correctAnswer', before: 'B', after: 'C' }],
    }),
    'Applied an AI suggestion to a question in "Cardiology basics" (the model disagreed with the key or explanation)',
  ],
  [
    facts('exam', 'imported_questions', {
      label: 'Cardiology basics',
      created: 40,
      refused: 0,
      fileName: 'bank.csv',
    }),
    'Imported 40 questions into "Cardiology basics" from bank.csv',
  ],
  [
    facts('exam', 'exported_questions', { label: 'Cardiology basics', exported: 40, format: 'csv' }),
    'Exported 40 questions of "Cardiology basics" as csv',
  ],
  [
    facts('payment', 'exported_data', {
      export: 'payments',
      rows: 12,
      from: '2026-12-01',
      to: '2026-12-31',
      format: 'csv',
    }),
    'Exported 12 payments from 2026-12-01 to 2026-12-31 as CSV',
  ],
  [
    facts('exam', 'exported_data', {
      label: 'Cardiology basics',
      export: 'results',
      rows: 1,
      from: '2026-11-01',
      to: '2026-11-30',
      format: 'xlsx',
    }),
    'Exported 1 result of "Cardiology basics" from 2026-11-01 to 2026-11-30 as Excel',
  ],
  [
    facts('user', 'exported_data', { export: 'learners', rows: 300, from: null, to: null, format: 'csv' }),
    'Exported 300 learners (all) as CSV',
  ],
  [
    facts('exam', 'restored_question_version', { label: 'Cardiology basics', restoredFrom: 2, version: 5 }),
    'Restored version 2 of a question in "Cardiology basics"',
  ],
  [
    facts('exam', 'set_questions_topic', { label: 'Cardiology basics', count: 3, topic: 'Heart failure' }),
    'Set the topic of 3 questions in "Cardiology basics" to "Heart failure"',
  ],
  [
    facts('exam', 'added_topic', { label: 'Cardiology basics', topic: 'ECG' }),
    'Added the topic "ECG" to "Cardiology basics"',
  ],
  [
    facts('exam', 'renamed_topic', {
      label: 'Cardiology basics',
      from: 'Cardio',
      to: 'Cardiology',
      count: 4,
    }),
    'Renamed the topic "Cardio" to "Cardiology" in "Cardiology basics"',
  ],
  [
    facts('exam', 'merged_topics', { label: 'Cardiology basics', from: ['ECG', 'Rhythm'], to: 'Arrhythmia' }),
    'Merged "ECG", "Rhythm" into "Arrhythmia" in "Cardiology basics"',
  ],
  [
    facts('exam', 'removed_topic', { label: 'Cardiology basics', from: 'Misc', to: 'General care' }),
    'Removed the topic "Misc" from "Cardiology basics", moving its questions to "General care"',
  ],
  [
    facts('article', 'created', { label: 'Sepsis six', status: 'published' }),
    'Created and published the article "Sepsis six"',
  ],
  [
    facts('article', 'updated', { label: 'Sepsis six', status: 'draft', changes: [] }),
    'Edited the article "Sepsis six"',
  ],
  [facts('article', 'deleted', { label: 'Sepsis six' }), 'Deleted the article "Sepsis six"'],
  [
    facts('administrator', 'created', { label: 'root@example.com', firstAdministrator: true }),
    'Created the first administrator account, root@example.com',
  ],
  [
    facts('administrator', 'created', { label: 'second@example.com' }),
    'Added the administrator second@example.com',
  ],
  [
    facts('administrator', 'deleted', { label: 'second@example.com' }),
    'Deleted the administrator second@example.com',
  ],
  [facts('administrator', 'changed_password', { label: 'root@example.com' }), 'Changed their password'],
  [
    facts('administrator', 'changed_role', { label: 'ed@example.com', from: 'editor', to: 'finance' }),
    'Changed the administrator ed@example.com from Editor to Finance',
  ],
  [
    facts('administrator', 'created', { label: 'ed@example.com', role: 'support' }),
    'Added the administrator ed@example.com as Support',
  ],
  [facts('user', 'deleted'), 'Deleted a learner account'],
  [facts('user', 'suspended'), 'Suspended a learner'],
  [
    facts('exam', 'approved_questions', { label: 'Renal', count: 3 }),
    'Approved 3 questions in "Renal" together',
  ],
  [
    facts('exam', 'rejected_questions', { label: 'Renal', count: 1 }),
    'Rejected 1 question in "Renal" together',
  ],
  [
    facts('exam', 'restored_questions', { label: 'Renal', count: 2 }),
    'Restored 2 questions in "Renal" to pending',
  ],
  [facts('user', 'unsuspended'), 'Restored a learner'],
  [facts('user', 'signed_out'), 'Signed a learner out on every device'],
  [facts('user', 'resent_verification'), 'Sent a learner a new verification link'],
  [
    facts('user', 'granted_access', {
      examTitle: 'Cardio',
      until: '2027-01-31',
      reason: 'Paid by bank transfer',
    }),
    'Gave a learner access to "Cardio" until 2027-01-31',
  ],
  [facts('user', 'changed_name', { reason: 'Typo' }), 'Changed the name of a learner'],
  [
    facts('user', 'requested_email_change', { reason: 'New job' }),
    "Sent a learner's new email address a link to confirm it",
  ],
  [
    facts('user', 'sent_password_reset', { reason: 'Asked by phone' }),
    'Sent a learner a password-reset link',
  ],
  [
    facts('user', 'marked_verified', { reason: 'Confirmed by phone' }),
    'Marked the email address of a learner as verified',
  ],
  [facts('user', 'downloaded_data'), 'Downloaded the data of a learner'],
  [facts('user', 'erased_account', { reason: 'Letter of 1 December' }), 'Erased the account of a learner'],
  [
    facts('exam', 'resolved_report', {
      label: 'Cardiology basics',
      outcome: 'no-change',
      learnerNotified: false,
    }),
    'Resolved a learner\'s report on a question in "Cardiology basics" with no change needed',
  ],
  [
    facts('payment', 'refunded', { label: '£9.99', reason: 'Charged twice', accessEnded: true }),
    'Refunded a payment of £9.99, ending the access it paid for ("Charged twice")',
  ],
  [
    facts('settings', 'updated', {
      label: 'site settings',
      changes: [{ field: 'maintenanceMode', before: false, after: true }],
    }),
    'Changed the site settings (maintenance mode on)',
  ],
  [
    {
      entityType: 'course',
      action: 'created',
      details: { label: 'Acute care', status: 'published', units: 3 },
    },
    'Created and published the course "Acute care"',
  ],
  [
    { entityType: 'course', action: 'created', details: { label: 'Acute care', status: 'draft', units: 0 } },
    'Created the course "Acute care" as a draft',
  ],
  [
    {
      entityType: 'course',
      action: 'updated',
      details: { label: 'Acute care', status: 'draft', changes: [] },
    },
    'Edited the course "Acute care"',
  ],
  [
    { entityType: 'course', action: 'deleted', details: { label: 'Acute care' } },
    'Deleted the course "Acute care"',
  ],
  [
    facts('comment', 'approved_comment', { label: 'Ann', dismissedReports: false }),
    'Approved a comment by Ann',
  ],
  [
    facts('comment', 'approved_comment', { label: 'Ann', dismissedReports: true }),
    'Dismissed the reports of a comment by Ann',
  ],
  [
    facts('comment', 'hid_comment', { label: 'Ann', reason: 'Be civil' }),
    'Hid a comment by Ann ("Be civil")',
  ],
  [
    facts('comment', 'deleted_comment', { label: 'Ann', reason: 'Spam' }),
    'Deleted a comment by Ann ("Spam")',
  ],
  [facts('comment', 'replied_comment', { label: 'Ann' }), 'Replied as the team to a comment by Ann'],
  [
    facts('comment', 'suspended_commenting', { label: 'Ann', reason: 'Spam' }),
    'Suspended the commenting of Ann ("Spam")',
  ],
  [facts('comment', 'restored_commenting', { label: 'Ann' }), 'Restored the commenting of Ann'],
  [facts('mock', 'created', { label: 'Spring mock' }), 'Scheduled the mock exam "Spring mock"'],
  [facts('mock', 'updated', { label: 'Spring mock', changes: [] }), 'Edited the mock exam "Spring mock"'],
  [facts('mock', 'cancelled', { label: 'Spring mock' }), 'Cancelled the mock exam "Spring mock"'],
  [
    facts('mock', 'released', { label: 'Spring mock' }),
    'Released the results of the mock exam "Spring mock"',
  ],
  [facts('cohort', 'created', { label: 'Year 3' }), 'Created the cohort "Year 3"'],
  [facts('cohort', 'added_members', { label: 'Year 3', count: 2 }), 'Added 2 members to the cohort "Year 3"'],
  [
    facts('cohort', 'removed_member', { label: 'Year 3', member: 'ann@example.com' }),
    'Removed ann@example.com from the cohort "Year 3"',
  ],
  [
    facts('cohort', 'granted_cohort_access', {
      label: 'Year 3',
      examTitle: 'Finals',
      count: 12,
      until: '2027-06-30',
    }),
    'Gave 12 members of the cohort "Year 3" access to "Finals" until 2027-06-30',
  ],
  [
    facts('cohort', 'set_extra_time', { label: 'Year 3', member: 'ann@example.com', percent: 25 }),
    'Gave ann@example.com 25% extra time in the cohort "Year 3"',
  ],
  [
    facts('cohort', 'set_extra_time', { label: 'Year 3', member: 'ann@example.com', percent: 0 }),
    'Took away the extra time of ann@example.com in the cohort "Year 3"',
  ],
  [
    facts('cohort', 'created_invite', { label: 'Year 3', prefix: 'K7QM', days: 7 }),
    'Created the invite code K7QM… for the cohort "Year 3"',
  ],
  [
    facts('cohort', 'revoked_invite', { label: 'Year 3', prefix: 'K7QM' }),
    'Revoked the invite code K7QM… of the cohort "Year 3"',
  ],
  [
    facts('cohort', 'created_assignment', { label: 'Year 3', assignment: 'Week 1' }),
    'Assigned "Week 1" to the cohort "Year 3"',
  ],
  [
    facts('cohort', 'exported_data', { label: 'Year 3', export: 'cohort', format: 'csv', rows: 12 }),
    'Exported 12 members of the cohort "Year 3" as CSV',
  ],
  [
    facts('cohort', 'removed_assignment', { label: 'Year 3', assignment: 'Week 1' }),
    'Removed the assignment "Week 1" from the cohort "Year 3"',
  ],
];

describe('describeAudit: every recorded action reads as a sentence', () => {
  for (const [entry, sentence] of RECORDED) {
    it(`${entry.entityType} ${entry.action} → ${sentence}`, () => {
      expect(describeAudit(entry)).toBe(sentence);
    });
  }

  it('covers every action in the contract', () => {
    const covered = new Set(RECORDED.map(([entry]) => entry.action));
    expect([...AUDIT_ACTIONS].filter((action) => !covered.has(action))).toEqual([]);
  });

  it('reads well without a label (an entry whose details were lost)', () => {
    expect(describeAudit(facts('exam', 'created'))).toBe('Created an exam');
    expect(describeAudit(facts('exam', 'approved_question'))).toBe('Approved a question in an exam');
    expect(describeAudit(facts('article', 'deleted'))).toBe('Deleted an article');
    expect(describeAudit(facts('administrator', 'deleted'))).toBe('Deleted an administrator');
    expect(describeAudit(facts('administrator', 'created', { firstAdministrator: true }))).toBe(
      'Created the first administrator account',
    );
  });

  it('says how many AI drafts were kept and left out', () => {
    expect(describeAudit(facts('exam', 'generated_questions', { label: 'X', kept: 1, dropped: 0 }))).toBe(
      'Generated 1 question with AI for "X"',
    );
    expect(describeAudit(facts('exam', 'generated_questions', { label: 'X', kept: 3, dropped: 2 }))).toBe(
      'Generated 3 questions with AI for "X" (2 unusable drafts left out)',
    );
  });

  it('says how many questions an import created and left out, and what an export took', () => {
    expect(
      describeAudit(
        facts('exam', 'imported_questions', { label: 'X', created: 3, refused: 2, fileName: 'bank.csv' }),
      ),
    ).toBe('Imported 3 questions into "X" from bank.csv (2 refused rows left out)');
    expect(
      describeAudit(
        facts('exam', 'imported_questions', {
          label: 'X',
          created: 3,
          refused: 0,
          fileName: 'bank.csv',
          addedTopics: ['Renal', 'Endocrinology'],
        }),
      ),
    ).toBe('Imported 3 questions into "X" from bank.csv; added the topics "Renal", "Endocrinology"');
    expect(describeAudit(facts('exam', 'imported_questions', { label: 'X', created: 1, refused: 0 }))).toBe(
      'Imported 1 question into "X"',
    );
    expect(
      describeAudit(facts('exam', 'exported_questions', { label: 'X', exported: 4, format: 'gift' })),
    ).toBe('Exported 4 questions of "X" as gift');
  });

  it('names a draft article as such', () => {
    expect(describeAudit(facts('article', 'created', { label: 'Fluids', status: 'draft' }))).toBe(
      'Created the article "Fluids" as a draft',
    );
  });

  it('names every site switch a settings save turned on or off', () => {
    const switched = facts('settings', 'updated', {
      changes: [
        { field: 'siteName', before: 'A', after: 'B' },
        { field: 'maintenanceMode', before: true, after: false },
        { field: 'registrationEnabled', before: true, after: false },
        { field: 'examCreationEnabled', before: false, after: true },
        { field: 'paypalEnabled', before: false, after: true },
      ],
    });
    expect(describeAudit(switched)).toBe(
      'Changed the site settings (maintenance mode off, registration off, exam creation on, PayPal on)',
    );
    expect(
      describeAudit(
        facts('settings', 'updated', { changes: [{ field: 'siteName', before: 'A', after: 'B' }] }),
      ),
    ).toBe('Changed the site settings');
    expect(describeAudit(facts('settings', 'updated', { changes: [] }))).toBe(
      'Saved the site settings without changes',
    );
    // Entries written before changes were recorded.
    expect(describeAudit(facts('settings', 'updated', { maintenanceMode: true }))).toBe(
      'Changed the site settings',
    );
  });

  it('still reads an action it does not know', () => {
    expect(describeAudit({ entityType: 'exam', action: 'archived', details: { label: 'X' } })).toBe(
      'Archived exam "X"',
    );
    expect(describeAudit({ entityType: 'badge', action: 'gave_out', details: null })).toBe('Gave out badge');
  });
});

describe('describeChanges: what an edit changed', () => {
  it('names the text of a deleted question', () => {
    expect(
      describeChanges(facts('exam', 'deleted_question', { label: 'C', questionId: 'q', question: 'Why?' })),
    ).toEqual([{ field: 'Question', before: 'Why?', after: null }]);
  });

  it('shows exam fields before and after, the price in pounds and the status in words', () => {
    const changes = changedFields(
      {
        title: 'Cardio',
        price: 499,
        isActive: false,
        tags: ['ecg'],
        numberOfQuestions: 10,
        category: 'medical',
      },
      {
        title: 'Cardiology',
        price: 550,
        isActive: true,
        tags: ['ecg', 'heart'],
        numberOfQuestions: 10,
        category: 'medical',
      },
    );
    expect(describeChanges(facts('exam', 'updated', { label: 'Cardiology', changes }))).toEqual([
      { field: 'Title', before: 'Cardio', after: 'Cardiology' },
      { field: 'Price', before: '£4.99', after: '£5.50' },
      { field: 'Status', before: 'Draft', after: 'Published' },
      { field: 'Tags', before: 'ecg', after: 'ecg, heart' },
    ]);
  });

  it("shows an article's body as changed, without its text", () => {
    const changes = changedFields(
      { title: 'A', status: 'draft', category: 'exam-prep', content: '<p>old</p>' },
      { title: 'A', status: 'published', category: 'research', content: '<p>new</p>' },
      ['content'],
    );
    expect(describeChanges(facts('article', 'updated', { label: 'A', changes }))).toEqual([
      { field: 'Status', before: 'Draft', after: 'Published' },
      { field: 'Category', before: 'Exam prep', after: 'Research' },
      { field: 'Article content', before: null, after: null },
    ]);
  });

  it("shows a course's status and its units in order", () => {
    const changes = changedFields(
      { status: 'draft', units: ['article: Fluids'] },
      { status: 'published', units: ['article: Fluids', 'checkpoint: Acute medicine'] },
    );
    expect(
      describeChanges({ entityType: 'course', action: 'updated', details: { label: 'C', changes } }),
    ).toEqual([
      { field: 'Status', before: 'Draft', after: 'Published' },
      { field: 'Units', before: 'article: Fluids', after: 'article: Fluids, checkpoint: Acute medicine' },
    ]);
  });

  it('shows site settings in words and the PayPal secret by name only', () => {
    const changes = [
      ...changedFields(
        { siteDescription: '', maintenanceMode: false, paypalMode: 'sandbox' },
        { siteDescription: 'Learn', maintenanceMode: true, paypalMode: 'production' },
      ),
      { field: 'paypalClientSecret' },
    ];
    expect(describeChanges(facts('settings', 'updated', { changes }))).toEqual([
      { field: 'Site description', before: '(empty)', after: 'Learn' },
      { field: 'Maintenance mode', before: 'Off', after: 'On' },
      { field: 'PayPal mode', before: 'Sandbox', after: 'Production' },
      { field: 'PayPal client secret', before: null, after: null },
    ]);
  });

  it("gives a rejected question's reason", () => {
    expect(
      describeChanges(facts('exam', 'rejected_question', { label: 'X', questionId: 'q', reason: 'Vague' })),
    ).toEqual([{ field: 'Reason', before: null, after: 'Vague' }]);
  });

  it('has nothing to show for entries without changes, and words for unknown fields', () => {
    expect(describeChanges(facts('exam', 'created', { label: 'X' }))).toEqual([]);
    expect(describeChanges(facts('user', 'deleted'))).toEqual([]);
    expect(
      describeChanges(facts('exam', 'updated', { changes: [{ field: 'passMark', before: 50, after: 60 }] })),
    ).toEqual([{ field: 'Pass mark', before: '50', after: '60' }]);
  });
});

describe('changedFields', () => {
  it('keeps only the fields that changed, cuts long texts and hides the values asked to', () => {
    const long = 'x'.repeat(500);
    expect(
      changedFields(
        { a: 1, b: 'same', c: long, d: 'secret-1' },
        { a: 2, b: 'same', c: `${long}y`, d: 'secret-2' },
        ['d'],
      ),
    ).toEqual([
      { field: 'a', before: 1, after: 2 },
      { field: 'c', before: `${'x'.repeat(199)}…`, after: `${'x'.repeat(199)}…` },
      { field: 'd' },
    ]);
  });
});
