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

export function verificationMail(args: {
  to: string;
  name: string;
  url: string;
  siteName: string;
}): OutgoingMail {
  return render({
    to: args.to,
    siteName: args.siteName,
    subject: `Verify your email address for ${args.siteName}`,
    greeting: `Hello ${args.name},`,
    paragraphs: ['Thank you for registering. Please confirm your email address to activate your account.'],
    action: { label: 'Verify email address', url: args.url },
    footnote: 'This link expires in 24 hours. If you did not create an account, you can ignore this email.',
  });
}

export function passwordResetMail(args: {
  to: string;
  name: string;
  url: string;
  siteName: string;
}): OutgoingMail {
  return render({
    to: args.to,
    siteName: args.siteName,
    subject: `Reset your ${args.siteName} password`,
    greeting: `Hello ${args.name},`,
    paragraphs: ['We received a request to reset the password of your account.'],
    action: { label: 'Reset password', url: args.url },
    footnote:
      'This link expires in 1 hour and can be used once. If you did not ask for a reset, you can ignore this email; your password stays the same.',
  });
}

export function alreadyRegisteredMail(args: {
  to: string;
  name: string;
  url: string;
  siteName: string;
}): OutgoingMail {
  return render({
    to: args.to,
    siteName: args.siteName,
    subject: `You already have a ${args.siteName} account`,
    greeting: `Hello ${args.name},`,
    paragraphs: [
      'Someone, probably you, tried to register a new account with this email address. You already have an account, so nothing was created.',
      'If you have forgotten your password, you can reset it here.',
    ],
    action: { label: 'Reset your password', url: args.url },
    footnote: 'If this was not you, you can ignore this email.',
  });
}

export function passwordChangedMail(args: {
  to: string;
  name: string;
  url: string;
  siteName: string;
}): OutgoingMail {
  return render({
    to: args.to,
    siteName: args.siteName,
    subject: `Your ${args.siteName} password was changed`,
    greeting: `Hello ${args.name},`,
    paragraphs: [
      'The password of your account was just changed, and other sessions were signed out.',
      'If you did not do this, reset your password now and review the devices on your account.',
    ],
    action: { label: 'Reset your password', url: args.url },
  });
}
