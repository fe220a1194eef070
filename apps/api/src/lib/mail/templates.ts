import type { OutgoingMail } from './mailer.ts';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Layout {
  to: string;
  siteName: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/** Every mail has a plain-text and an HTML part with the same content. */
function render(layout: Layout): OutgoingMail {
  const textParts = [layout.greeting, '', ...layout.paragraphs.flatMap((p) => [p, ''])];
  if (layout.action) textParts.push(`${layout.action.label}: ${layout.action.url}`, '');
  if (layout.footnote) textParts.push(layout.footnote, '');
  textParts.push(`— ${layout.siteName}`);

  const button = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="background:#1565c0;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(layout.action.label)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(layout.action.url)}">${escapeHtml(layout.action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#222;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#1565c0">${escapeHtml(layout.siteName)}</h1>
<p>${escapeHtml(layout.greeting)}</p>
${layout.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
${layout.footnote ? `<p style="font-size:13px;color:#555">${escapeHtml(layout.footnote)}</p>` : ''}
</div></body></html>`;
  return { to: layout.to, subject: layout.subject, text: textParts.join('\n'), html };
}

/** The learner a mail goes to, the site it comes from and the one link it carries. */
export interface MailArgs {
  to: string;
  name: string;
  url: string;
  siteName: string;
}

/** A mail to a learner, from the site, greeted by name. */
function greetedMail(
  args: { to: string; name: string; siteName: string },
  mail: Omit<Layout, 'to' | 'siteName' | 'greeting'>,
): OutgoingMail {
  return render({ to: args.to, siteName: args.siteName, greeting: `Hello ${args.name},`, ...mail });
}

/** A mail to a learner: greeted by name, with one button to `args.url`. */
function learnerMail(
  args: MailArgs,
  mail: { subject: string; paragraphs: string[]; button: string; footnote?: string },
): OutgoingMail {
  return greetedMail(args, {
    subject: mail.subject,
    paragraphs: mail.paragraphs,
    action: { label: mail.button, url: args.url },
    footnote: mail.footnote,
  });
}

export function verificationMail(args: MailArgs): OutgoingMail {
  return learnerMail(args, {
    subject: `Verify your email address for ${args.siteName}`,
    paragraphs: ['Thank you for registering. Please confirm your email address to activate your account.'],
    button: 'Verify email address',
    footnote: 'This link expires in 24 hours. If you did not create an account, you can ignore this email.',
  });
}

export function passwordResetMail(args: MailArgs): OutgoingMail {
  return learnerMail(args, {
    subject: `Reset your ${args.siteName} password`,
    paragraphs: ['We received a request to reset the password of your account.'],
    button: 'Reset password',
    footnote:
      'This link expires in 1 hour and can be used once. If you did not ask for a reset, you can ignore this email; your password stays the same.',
  });
}

export function alreadyRegisteredMail(args: MailArgs): OutgoingMail {
  return learnerMail(args, {
    subject: `You already have a ${args.siteName} account`,
    paragraphs: [
      'Someone, probably you, tried to register a new account with this email address. You already have an account, so nothing was created.',
      'If you have forgotten your password, you can reset it here.',
    ],
    button: 'Reset your password',
    footnote: 'If this was not you, you can ignore this email.',
  });
}

export function passwordChangedMail(args: MailArgs): OutgoingMail {
  return learnerMail(args, {
    subject: `Your ${args.siteName} password was changed`,
    paragraphs: [
      'The password of your account was just changed, and other sessions were signed out.',
      'If you did not do this, reset your password now and review the devices on your account.',
    ],
    button: 'Reset your password',
  });
}

/** £9.99 */
export function formatPounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

/** 24 December 2026 (UTC: mail has no time zone of the reader) */
export function formatMailDate(date: Date): string {
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** 20 December 2026 at 09:00 UTC (the pages show local time; mail does not know the reader's zone) */
export function formatMailTime(date: Date): string {
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${formatMailDate(date)} at ${time} UTC`;
}

interface BillingMailArgs {
  to: string;
  name: string;
  siteName: string;
  examTitle: string;
  /** the exam page, where auto-renew is switched */
  examUrl: string;
}

/** Sent 3 days before a paid renewal (decision 0030): the amount, the date and how to turn it off. */
export function renewalReminderMail(
  args: BillingMailArgs & { amountPence: number; date: Date; test: boolean },
): OutgoingMail {
  return greetedMail(args, {
    subject: `Your ${args.examTitle} subscription renews on ${formatMailDate(args.date)}`,
    paragraphs: [
      `Your subscription to ${args.examTitle} renews automatically on ${formatMailDate(args.date)}, and ${formatPounds(args.amountPence)} will be charged to your ${args.test ? 'test payment (no money is taken)' : 'saved PayPal account'} for one more month.`,
      'If you do not want to renew, turn auto-renew off on the exam page before then. Your access continues until the end of the month you have paid for.',
    ],
    action: { label: 'Manage auto-renew', url: args.examUrl },
  });
}

/** A receipt for a renewal that was charged. */
export function renewalReceiptMail(
  args: BillingMailArgs & {
    amountPence: number;
    paidAt: Date;
    until: Date;
    reference: string;
    test: boolean;
  },
): OutgoingMail {
  return greetedMail(args, {
    subject: `Receipt: ${args.examTitle} renewed until ${formatMailDate(args.until)}`,
    paragraphs: [
      `Thank you. Your subscription to ${args.examTitle} has been renewed until ${formatMailDate(args.until)}.`,
      `Amount: ${formatPounds(args.amountPence)}${args.test ? ' (test payment: no money was taken)' : ''}. Date: ${formatMailDate(args.paidAt)}. Reference: ${args.reference}.`,
      'Your payments and receipts are listed under Settings. You can turn auto-renew off on the exam page at any time.',
    ],
    action: { label: 'Open the exam', url: args.examUrl },
  });
}

/** A renewal charge failed and will be tried again. */
export function renewalRetryMail(
  args: BillingMailArgs & { amountPence: number; nextTry: Date; reason: string },
): OutgoingMail {
  return greetedMail(args, {
    subject: `We could not renew ${args.examTitle}`,
    paragraphs: [
      `We tried to charge ${formatPounds(args.amountPence)} to renew your subscription to ${args.examTitle}, but the payment did not go through (${args.reason}).`,
      `We will try again on ${formatMailDate(args.nextTry)}, and your access continues meanwhile. Please check your PayPal account, or turn auto-renew off on the exam page if you do not want to renew.`,
    ],
    action: { label: 'Manage auto-renew', url: args.examUrl },
  });
}

/** The last renewal try failed: auto-renew is off and access has ended. */
export function renewalFailedMail(args: BillingMailArgs & { endedAt: Date }): OutgoingMail {
  return greetedMail(args, {
    subject: `Your ${args.examTitle} subscription was not renewed`,
    paragraphs: [
      `We could not take the payment to renew your subscription to ${args.examTitle} after several tries, so auto-renew has been turned off and your access ended on ${formatMailDate(args.endedAt)}. Nothing more will be charged.`,
      'You can subscribe again from the exam page at any time.',
    ],
    action: { label: 'Subscribe again', url: args.examUrl },
  });
}

/** A renewal that could not go ahead for a reason other than the payment (the exam was withdrawn, no payer). */
export function renewalStoppedMail(args: BillingMailArgs & { reason: string; until: Date }): OutgoingMail {
  return greetedMail(args, {
    subject: `Auto-renew for ${args.examTitle} has been turned off`,
    paragraphs: [
      `Your subscription to ${args.examTitle} will not renew: ${args.reason}. Nothing has been charged.`,
      `Your access continues until ${formatMailDate(args.until)}.`,
    ],
    action: { label: 'Open the exam page', url: args.examUrl },
  });
}

/** A payment was refunded (by an administrator, or on PayPal's side). */
export function refundMail(
  args: BillingMailArgs & { amountPence: number; test: boolean; accessEnded: boolean },
): OutgoingMail {
  return greetedMail(args, {
    subject: `Refund for ${args.examTitle}`,
    paragraphs: [
      args.test
        ? `Your test payment of ${formatPounds(args.amountPence)} for ${args.examTitle} has been refunded (no money was taken).`
        : `Your payment of ${formatPounds(args.amountPence)} for ${args.examTitle} has been refunded in full to your PayPal account.`,
      args.accessEnded
        ? 'The access it paid for has ended, and auto-renew has been turned off.'
        : 'Your current access is not affected.',
    ],
    action: { label: 'Open the exam page', url: args.examUrl },
  });
}

/** The PayPal account saved for renewals was removed on PayPal's side. */
export function paymentMethodRemovedMail(args: {
  to: string;
  name: string;
  siteName: string;
  settingsUrl: string;
}): OutgoingMail {
  return greetedMail(args, {
    subject: `Your PayPal account is no longer saved for renewals`,
    paragraphs: [
      'The PayPal account you saved for automatic renewals was removed from your PayPal settings, so auto-renew of your paid exams has been turned off. Nothing more will be charged, and your access continues until the end of the months you have paid for.',
      'To renew automatically again, turn auto-renew back on from an exam page and approve PayPal once more.',
    ],
    action: { label: 'Open your settings', url: args.settingsUrl },
  });
}

/** An administrator looked at a question the learner reported, and chose to tell them what was done. */
export function reportResolvedMail(args: {
  to: string;
  name: string;
  siteName: string;
  examTitle: string;
  question: string;
  outcome: string;
  resolution: string;
  url: string;
}): OutgoingMail {
  const question = args.question.length > 160 ? `${args.question.slice(0, 157)}…` : args.question;
  return greetedMail(args, {
    subject: `About the question you reported in ${args.examTitle}`,
    paragraphs: [
      `Thank you for reporting a problem with this question: "${question}"`,
      `${args.outcome}. ${args.resolution}`,
    ],
    action: { label: 'Open your exams', url: args.url },
  });
}

/** An administrator gave the learner access to an exam (decision 0072): until when, and that it is free. */
export function complimentaryAccessMail(args: BillingMailArgs & { until: Date }): OutgoingMail {
  return greetedMail(args, {
    subject: `You have access to ${args.examTitle}`,
    paragraphs: [
      `Our team has given you access to ${args.examTitle} until ${formatMailDate(args.until)}. Nothing has been charged, and nothing will be when it ends.`,
    ],
    action: { label: 'Open the exam page', url: args.examUrl },
  });
}

/** The link that confirms a new address an administrator entered for the learner (decision 0072). */
export function confirmEmailChangeMail(args: MailArgs): OutgoingMail {
  return learnerMail(args, {
    subject: `Confirm your new email address for ${args.siteName}`,
    paragraphs: [
      'Our team was asked to change the email address of your account to this one. Confirm it to finish the change; until then you sign in with your old address.',
    ],
    button: 'Confirm this address',
    footnote:
      'This link expires in 24 hours. If you did not ask for this, ignore this email and nothing changes.',
  });
}

/** Tells the old address that a change to another one was started (decision 0072). */
export function emailChangeRequestedMail(args: MailArgs & { newEmail: string }): OutgoingMail {
  return learnerMail(args, {
    subject: `A change of your ${args.siteName} email address`,
    paragraphs: [
      `Our team was asked to change the email address of your account to ${args.newEmail}. It changes only when that address confirms it.`,
      'If you did not ask for this, contact us, and change your password.',
    ],
    button: 'Reset your password',
  });
}

/**
 * The learner's account was deleted, by them or by the team on their written request (decision 0069): the
 * last mail to the address, written before it is erased; once sent, its body and address are removed.
 */
export function accountDeletedMail(args: {
  to: string;
  name: string;
  siteName: string;
  byTeam: boolean;
}): OutgoingMail {
  return greetedMail(args, {
    subject: `Your ${args.siteName} account has been deleted`,
    paragraphs: [
      args.byTeam
        ? 'As you asked us in writing, our team has deleted your account.'
        : 'Your account has been deleted, as you asked.',
      'Your name, email address, notes, review deck and study history have been erased, and any automatic renewals have been stopped: nothing more will be charged. Records of payments are kept for six years, as UK accounting law requires, without your name or email address. Your exam answers are kept only as anonymous statistics.',
      'You are welcome to register again with this email address at any time; it will be a new account.',
    ],
  });
}

/**
 * A live mock's reminder to a subscribed learner (decision 0077), the day before or the hour before it opens.
 * Times are spoken in UTC (`when`: '20 December 2026 at 09:00 UTC'), as mail does not know the reader's zone;
 * the dashboard shows them in local time.
 */
export function mockReminderMail(args: {
  to: string;
  name: string;
  siteName: string;
  /** the learner's dashboard, where the mock is started */
  url: string;
  mockTitle: string;
  examTitle: string;
  opens: string;
  closes: string;
  timeLimitMinutes: number;
  /** 'remaining': the time limit runs from the opening, whenever the learner starts */
  lateStart: 'full' | 'remaining';
  soon: 'day' | 'hour';
}): OutgoingMail {
  return learnerMail(args, {
    subject:
      args.soon === 'hour'
        ? `${args.mockTitle} opens in an hour`
        : `Reminder: ${args.mockTitle} opens on ${args.opens}`,
    paragraphs: [
      `The mock exam "${args.mockTitle}" (${args.examTitle}) opens on ${args.opens} and closes on ${args.closes}.`,
      args.lateStart === 'full'
        ? `You can sit it once. You have ${args.timeLimitMinutes} minutes from when you start, and it ends at the close in any case. Start it from your dashboard.`
        : `You can sit it once. Its ${args.timeLimitMinutes} minutes run from the opening, whenever you start, so start on time. Start it from your dashboard.`,
    ],
    button: 'Open your dashboard',
  });
}

/**
 * A tutor gave the learner's cohort something to do (decision 0079): what, by when (in UTC, as
 * `formatMailTime` says it), and the dashboard where it is started.
 */
export function assignmentMail(args: {
  to: string;
  name: string;
  siteName: string;
  /** the learner's dashboard, where the assignment is opened */
  url: string;
  cohortName: string;
  title: string;
  /** what it asks: 'Sit Finals paper.', 'Do a practice set of 20 questions of Finals paper.' */
  what: string;
  due: string;
}): OutgoingMail {
  return learnerMail(args, {
    subject: `New assignment: ${args.title}`,
    paragraphs: [
      `Your tutor in ${args.cohortName} has set "${args.title}", due on ${args.due}.`,
      `${args.what} Open it from your dashboard, where you can see everything your cohorts have set and how far you are.`,
    ],
    button: 'Open your dashboard',
  });
}
