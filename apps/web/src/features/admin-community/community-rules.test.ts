import { describe, expect, it } from 'vitest';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES } from '@mlp/contract';
import { buildAdminComment } from '../../test/factories.ts';
import {
  approveLabel,
  authorAccount,
  commentActions,
  moderationReasonProblem,
  moderationText,
  readModerationView,
  replyProblem,
  suspendReasonProblem,
  targetText,
  viewTabLabel,
} from './community-rules.ts';

describe('the moderation views', () => {
  it('reads ?view= as a known view, anything else as Needs attention', () => {
    expect(readModerationView(new URLSearchParams('view=held'))).toBe('held');
    expect(readModerationView(new URLSearchParams('view=all'))).toBe('all');
    expect(readModerationView(new URLSearchParams('view=nonsense'))).toBe('attention');
    expect(readModerationView(new URLSearchParams(''))).toBe('attention');
  });

  it('puts the waiting counts on Held and Reported once they are known', () => {
    const counts = { held: 3, reported: 0 };
    expect(viewTabLabel('held', counts)).toBe('Held (3)');
    expect(viewTabLabel('reported', counts)).toBe('Reported (0)');
    expect(viewTabLabel('attention', counts)).toBe('Needs attention');
    expect(viewTabLabel('held', undefined)).toBe('Held');
  });
});

describe('what a comment card says', () => {
  it("names the question's exam, or the article", () => {
    const comment = buildAdminComment();
    expect(targetText(comment.target)).toBe(
      'Question in Pharmacology: Which drug reverses warfarin fastest?',
    );
    expect(targetText({ ...comment.target, examTitle: null })).toBe(
      'Question: Which drug reverses warfarin fastest?',
    );
    expect(targetText({ kind: 'article', id: 'a1', title: 'Sepsis bundles', examTitle: null })).toBe(
      'Article: Sepsis bundles',
    );
  });

  it('says the last moderation in the past tense, with its reason', () => {
    const at = new Date(2026, 10, 21, 14, 5).toISOString();
    expect(moderationText({ action: 'hidden', reason: 'Rude', at })).toBe(
      'Hidden on November 21, 2026 at 2:05 PM: Rude',
    );
    expect(moderationText({ action: 'delete', reason: 'Spam', at })).toBe(
      'Deleted on November 21, 2026 at 2:05 PM: Spam',
    );
    expect(moderationText({ action: 'approved', reason: '', at })).toBe(
      'Approved on November 21, 2026 at 2:05 PM',
    );
  });

  it("names the learner's account, or what part of it there is", () => {
    const { author } = buildAdminComment();
    expect(authorAccount(author)).toBe('Ada Lovelace (ada@example.com)');
    expect(authorAccount({ ...author, name: '' })).toBe('ada@example.com');
  });
});

describe('what a moderator may do', () => {
  it('approves a held comment, and dismisses the reports of a reported visible one', () => {
    expect(approveLabel(buildAdminComment({ status: 'held', reportCount: 0, reports: [] }))).toBe('Approve');
    expect(approveLabel(buildAdminComment({ status: 'visible' }))).toBe('Dismiss reports');
    expect(approveLabel(buildAdminComment({ status: 'visible', reportCount: 0, reports: [] }))).toBeNull();
    expect(approveLabel(buildAdminComment({ status: 'hidden' }))).toBe('Show again');
  });

  it("offers hide to shown and held comments, delete until deleted, reply to visible ones, and the author's commenting to learners only", () => {
    expect(commentActions(buildAdminComment({ status: 'visible' }))).toEqual({
      hide: true,
      delete: true,
      reply: true,
      commenting: true,
    });
    expect(commentActions(buildAdminComment({ status: 'held' }))).toMatchObject({ hide: true, reply: false });
    expect(commentActions(buildAdminComment({ status: 'hidden' }))).toMatchObject({
      hide: false,
      delete: true,
    });
    expect(commentActions(buildAdminComment({ status: 'deleted' }))).toMatchObject({ delete: false });
    const team = buildAdminComment();
    team.author = { ...team.author, userId: null, team: true };
    expect(commentActions(team).commenting).toBe(false);
  });

  it('needs a reason to hide, delete or suspend, as the server does', () => {
    expect(moderationReasonProblem('hide', '  ')).toBe(COMMUNITY_MESSAGES.reasonRequired);
    expect(moderationReasonProblem('delete', 'Spam')).toBeNull();
    expect(moderationReasonProblem('hide', 'x'.repeat(COMMUNITY_LIMITS.moderationReason + 1))).toBe(
      COMMUNITY_MESSAGES.reasonTooLong,
    );
    expect(suspendReasonProblem('')).toBe(COMMUNITY_MESSAGES.reasonRequired);
    expect(suspendReasonProblem('Repeated abuse')).toBeNull();
  });

  it("checks a team reply as the server checks a comment's text", () => {
    expect(replyProblem(' ')).toBe(COMMUNITY_MESSAGES.bodyRequired);
    expect(replyProblem('<b>Read this</b>')).toBe(COMMUNITY_MESSAGES.noHtml);
    expect(replyProblem('x'.repeat(COMMUNITY_LIMITS.body + 1))).toBe(COMMUNITY_MESSAGES.bodyTooLong);
    expect(replyProblem('K+ < 3.5 is low')).toBeNull();
  });
});
