import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommentText, parseCommentText, type CommentInline } from './comment-text.tsx';

const text = (value: string): CommentInline => ({ type: 'text', text: value });
const bold = (...children: CommentInline[]): CommentInline => ({ type: 'bold', children });
const italic = (...children: CommentInline[]): CommentInline => ({ type: 'italic', children });
const code = (value: string): CommentInline => ({ type: 'code', text: value });
const link = (href: string): CommentInline => ({ type: 'link', href });
const br: CommentInline = { type: 'break' };

/** The one paragraph a one-paragraph comment parses into. */
function line(value: string): CommentInline[] {
  const paragraphs = parseCommentText(value);
  expect(paragraphs).toHaveLength(1);
  return paragraphs[0] as CommentInline[];
}

describe('parseCommentText', () => {
  it('keeps plain text as it is', () => {
    expect(parseCommentText('Hypokalaemia flattens T waves.')).toEqual([
      [text('Hypokalaemia flattens T waves.')],
    ]);
  });

  it('splits paragraphs on blank lines (also with spaces, several, or CRLF) and breaks lines on single newlines', () => {
    expect(parseCommentText('One\ntwo\n\nThree\n \n\n\nFour')).toEqual([
      [text('One'), br, text('two')],
      [text('Three')],
      [text('Four')],
    ]);
    expect(parseCommentText('A\r\nB\r\n\r\nC')).toEqual([[text('A'), br, text('B')], [text('C')]]);
  });

  it('drops leading and trailing blank lines, and gives nothing for an empty text', () => {
    expect(parseCommentText('\n\nHello\n\n')).toEqual([[text('Hello')]]);
    expect(parseCommentText('')).toEqual([]);
    expect(parseCommentText('  \n \n')).toEqual([]);
  });

  it('makes **bold**, *italic* and `code`', () => {
    expect(line('A **big** and *small* `x = 1` step')).toEqual([
      text('A '),
      bold(text('big')),
      text(' and '),
      italic(text('small')),
      text(' '),
      code('x = 1'),
      text(' step'),
    ]);
  });

  it('nests italic in bold and bold in italic', () => {
    expect(line('**very *much* so**')).toEqual([bold(text('very '), italic(text('much')), text(' so'))]);
    expect(line('*a **b** c*')).toEqual([italic(text('a '), bold(text('b')), text(' c'))]);
  });

  it('shows code literally, asterisks and addresses included', () => {
    expect(line('`**not bold** https://example.com`')).toEqual([code('**not bold** https://example.com')]);
  });

  it('leaves arithmetic, lone and intraword asterisks alone', () => {
    expect(line('2 * 3 * 4')).toEqual([text('2 * 3 * 4')]);
    expect(line('5*3*2')).toEqual([text('5*3*2')]);
    expect(line('a * b')).toEqual([text('a * b')]);
    expect(line('note*')).toEqual([text('note*')]);
    expect(line('*** and ****')).toEqual([text('*** and ****')]);
    expect(line('** spaced **')).toEqual([text('** spaced **')]);
  });

  it('shows unclosed markers and a lone backtick as text', () => {
    expect(line('**open but never closed')).toEqual([text('**open but never closed')]);
    expect(line('*open **bold** still open')).toEqual([
      text('*open '),
      bold(text('bold')),
      text(' still open'),
    ]);
    expect(line('a ` b')).toEqual([text('a ` b')]);
    expect(line('``')).toEqual([text('``')]);
  });

  it('does not carry markers across lines', () => {
    expect(line('**one\ntwo**')).toEqual([text('**one'), br, text('two**')]);
  });

  it('links bare http and https addresses, leaving out trailing punctuation', () => {
    expect(line('See https://example.com/a?b=1#c.')).toEqual([
      text('See '),
      link('https://example.com/a?b=1#c'),
      text('.'),
    ]);
    expect(line('(http://nice.org.uk/ng51), then')).toEqual([
      text('('),
      link('http://nice.org.uk/ng51'),
      text('), then'),
    ]);
    expect(line('https://en.wikipedia.org/wiki/Sepsis_(disease)!')).toEqual([
      link('https://en.wikipedia.org/wiki/Sepsis_(disease)'),
      text('!'),
    ]);
    expect(line('**https://example.com**')).toEqual([bold(link('https://example.com'))]);
  });

  it('links nothing that is not a whole http(s) address', () => {
    expect(line('javascript:alert(1)')).toEqual([text('javascript:alert(1)')]);
    expect(line('ftp://example.com www.example.com')).toEqual([text('ftp://example.com www.example.com')]);
    expect(line('xhttps://example.com')).toEqual([text('xhttps://example.com')]);
    expect(line('https:// and https://.')).toEqual([text('https:// and https://.')]);
  });

  it('ends an address at markup characters, so none can be smuggled into the link', () => {
    expect(line('https://example.com/"onmouseover="x')).toEqual([
      link('https://example.com/'),
      text('"onmouseover="x'),
    ]);
    expect(line('https://example.com<b>')).toEqual([link('https://example.com'), text('<b>')]);
  });

  it('keeps HTML as text', () => {
    expect(line('<script>alert(1)</script> <b>hi</b>')).toEqual([
      text('<script>alert(1)</script> <b>hi</b>'),
    ]);
  });
});

describe('CommentText', () => {
  it('renders elements, never markup', () => {
    const { container } = render(
      <CommentText text={'<script>alert(1)</script> **Bold** *it* `c`\nnext\n\nhttps://example.com/x'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.textContent).toBe('<script>alert(1)</script> Bold it cnext');
    expect(paragraphs[0]?.querySelector('strong')?.textContent).toBe('Bold');
    expect(paragraphs[0]?.querySelector('em')?.textContent).toBe('it');
    expect(paragraphs[0]?.querySelector('code')?.textContent).toBe('c');
    expect(paragraphs[0]?.querySelectorAll('br')).toHaveLength(1);
    const anchor = paragraphs[1]?.querySelector('a');
    expect(anchor?.getAttribute('href')).toBe('https://example.com/x');
    expect(anchor?.getAttribute('rel')).toBe('nofollow ugc noopener noreferrer');
    expect(anchor?.getAttribute('target')).toBe('_blank');
    expect(anchor?.textContent).toBe('https://example.com/x (opens in a new tab)');
  });
});
