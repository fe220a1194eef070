import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { VisuallyHidden } from '../visually-hidden.tsx';

/*
 * A comment's formatting (decision 0056): plain text with a small safe subset, turned into React
 * elements and never into HTML, so nothing a learner types can become markup. Paragraphs are split on blank
 * lines and a single newline is a line break; within a line, **bold**, *italic*, `code` and bare http(s)
 * addresses (made links). Everything else, `<script>` included, is shown as it was typed.
 *
 * Rules, kept simple and predictable:
 * - Markers do not span lines. Code is taken first and shows its content literally; an address ends at
 *   whitespace, `<`, `>`, `"` or a backtick, and trailing punctuation (`.,;:!?'*`, an unbalanced `)`) is
 *   left out of it.
 * - `**` and `*` open before a non-space that is not inside a word (`5*3*2` and `2 * 3 * 4` stay as they
 *   are) and close after a non-space not followed by a letter or digit. Runs of three or more asterisks
 *   are text. An opener without its closer is text.
 */

export type CommentInline =
  | { type: 'text'; text: string }
  | { type: 'break' }
  | { type: 'bold'; children: CommentInline[] }
  | { type: 'italic'; children: CommentInline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string };

/** A paragraph: its inline pieces in order. */
export type CommentParagraph = CommentInline[];

type Marker = '*' | '**';
type Token =
  | Extract<CommentInline, { type: 'text' | 'code' | 'link' }>
  | { type: 'marker'; marker: Marker; canOpen: boolean; canClose: boolean };

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const ADDRESS = /^https?:\/\/[^\s<>"`]+/i;
const TRAILING_PUNCTUATION = /[.,;:!?'*]$/;

function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && WORD_CHARACTER.test(character);
}

function isSpace(character: string | undefined): boolean {
  return character === undefined || /\s/.test(character);
}

/** The address starting the text, without trailing punctuation, or null when it is not a usable one. */
function addressAt(rest: string): string | null {
  const match = ADDRESS.exec(rest);
  if (!match) return null;
  let address = match[0];
  for (;;) {
    if (TRAILING_PUNCTUATION.test(address)) {
      address = address.slice(0, -1);
    } else if (
      address.endsWith(')') &&
      address.split(')').length > address.split('(').length // more ')' than '(': the last closes a bracket
    ) {
      address = address.slice(0, -1);
    } else {
      break;
    }
  }
  try {
    const url = new URL(address);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  } catch {
    return null;
  }
  return address;
}

/** One line as code spans, addresses, asterisk markers and the text between them. */
function tokenizeLine(line: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  const flushText = () => {
    if (text) tokens.push({ type: 'text', text });
    text = '';
  };
  let index = 0;
  while (index < line.length) {
    const character = line[index] as string;
    if (character === '`') {
      const end = line.indexOf('`', index + 1);
      if (end > index + 1) {
        flushText();
        tokens.push({ type: 'code', text: line.slice(index + 1, end) });
        index = end + 1;
        continue;
      }
    }
    if ((character === 'h' || character === 'H') && !isWordCharacter(line[index - 1])) {
      const address = addressAt(line.slice(index));
      if (address) {
        flushText();
        tokens.push({ type: 'link', href: address });
        index += address.length;
        continue;
      }
    }
    if (character === '*') {
      let end = index;
      while (line[end] === '*') end += 1;
      const run = end - index;
      if (run <= 2) {
        const before = line[index - 1];
        const after = line[end];
        flushText();
        tokens.push({
          type: 'marker',
          marker: run === 2 ? '**' : '*',
          canOpen: !isSpace(after) && !isWordCharacter(before),
          canClose: !isSpace(before) && !isWordCharacter(after),
        });
      } else {
        text += line.slice(index, end);
      }
      index = end;
      continue;
    }
    text += character;
    index += 1;
  }
  flushText();
  return tokens;
}

/** Adds a piece to a list, joining it to a text piece before it. */
function append(list: CommentInline[], piece: CommentInline): void {
  const last = list.at(-1);
  if (piece.type === 'text' && last?.type === 'text') {
    list[list.length - 1] = { type: 'text', text: last.text + piece.text };
  } else {
    list.push(piece);
  }
}

/** Pairs the markers of a line into bold and italic; a marker left without a partner is text. */
function resolveLine(tokens: Token[]): CommentInline[] {
  const frames: { marker: Marker | null; children: CommentInline[] }[] = [{ marker: null, children: [] }];
  const top = () => frames[frames.length - 1] as (typeof frames)[number];
  /** Closes the innermost frame as text: its marker, then what it held. */
  const unwind = () => {
    const frame = frames.pop() as (typeof frames)[number];
    append(top().children, { type: 'text', text: frame.marker ?? '' });
    for (const child of frame.children) append(top().children, child);
  };

  for (const token of tokens) {
    if (token.type !== 'marker') {
      append(top().children, token);
      continue;
    }
    const opener = token.canClose
      ? frames.findLastIndex((frame, index) => index > 0 && frame.marker === token.marker)
      : -1;
    if (opener > 0) {
      while (frames.length - 1 > opener) unwind();
      const frame = frames.pop() as (typeof frames)[number];
      top().children.push({ type: token.marker === '**' ? 'bold' : 'italic', children: frame.children });
    } else if (token.canOpen) {
      frames.push({ marker: token.marker, children: [] });
    } else {
      append(top().children, { type: 'text', text: token.marker });
    }
  }
  while (frames.length > 1) unwind();
  return top().children;
}

/** A comment's text as paragraphs of formatted pieces (see the rules above). */
export function parseCommentText(text: string): CommentParagraph[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => {
      const pieces: CommentInline[] = [];
      paragraph.split('\n').forEach((line, index) => {
        if (index > 0) pieces.push({ type: 'break' });
        for (const piece of resolveLine(tokenizeLine(line))) append(pieces, piece);
      });
      return pieces;
    });
}

function renderInline(pieces: CommentInline[]): ReactNode[] {
  return pieces.map((piece, index) => {
    switch (piece.type) {
      case 'text':
        return <Fragment key={index}>{piece.text}</Fragment>;
      case 'break':
        return <br key={index} />;
      case 'bold':
        return <strong key={index}>{renderInline(piece.children)}</strong>;
      case 'italic':
        return <em key={index}>{renderInline(piece.children)}</em>;
      case 'code':
        return (
          <Box
            key={index}
            component="code"
            sx={{
              fontFamily: 'monospace',
              fontSize: '0.875em',
              bgcolor: 'action.hover',
              px: 0.5,
              borderRadius: 0.5,
            }}
          >
            {piece.text}
          </Box>
        );
      case 'link':
        return (
          <Link
            key={index}
            href={piece.href}
            target="_blank"
            rel="nofollow ugc noopener noreferrer"
            underline="always"
          >
            {piece.href}
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Link>
        );
    }
  });
}

/** A comment's body, formatted (see parseCommentText); long words and addresses wrap anywhere. */
export function CommentText({ text }: { text: string }) {
  return (
    <Box sx={{ overflowWrap: 'anywhere', '& > p + p': { mt: 1 } }}>
      {parseCommentText(text).map((paragraph, index) => (
        <Typography key={index} variant="body2" component="p">
          {renderInline(paragraph)}
        </Typography>
      ))}
    </Box>
  );
}
