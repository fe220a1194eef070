import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, QUESTION_FORMATS } from '@mlp/contract';
import { csvCell } from './csv.ts';
import { escapeTextOutsideAnswers } from './gift.ts';
import {
  decodeQuestionFile,
  exportQuestions,
  parseQuestionFile,
  parseQuestions,
  QuestionFileError,
} from './index.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

// ---- Aiken: the examples of docs.moodle.org "Aiken format" ------------------------------------------
const AIKEN_DOCS = `What is the correct answer to this question?
A. Is it this one?
B. Maybe this answer?
C. Possibly this one?
D. Must be this one!
ANSWER: D

Which LMS has the most quiz import formats?
A) Moodle
B) ATutor
C) Claroline
D) Blackboard
E) WebCT
F) Ilias
ANSWER: A
`;

describe('Aiken', () => {
  it("reads the format's documented examples", () => {
    const { questions, refused } = parseQuestions('aiken', AIKEN_DOCS);
    expect(refused).toEqual([]);
    expect(questions).toEqual([
      {
        item: 1,
        line: 1,
        question: 'What is the correct answer to this question?',
        options: ['Is it this one?', 'Maybe this answer?', 'Possibly this one?', 'Must be this one!'],
        correctAnswer: 3,
        explanation: '',
        topic: null,
      },
      {
        item: 2,
        line: 8,
        question: 'Which LMS has the most quiz import formats?',
        options: ['Moodle', 'ATutor', 'Claroline', 'Blackboard', 'WebCT', 'Ilias'],
        correctAnswer: 0,
        explanation: '',
        topic: null,
      },
    ]);
  });

  it('refuses a question without ANSWER, with an unknown letter or with too few options, and goes on', () => {
    const text = [
      'No answer line?',
      'A. one',
      'B. two',
      '',
      'Unknown letter?',
      'A. one',
      'B. two',
      'C. three',
      'D. four',
      'ANSWER: E',
      '',
      'Three options?',
      'A. one',
      'B. two',
      'C. three',
      'ANSWER: A',
      '',
      'Fine?',
      'A. one',
      'B. two',
      'C. three',
      'D. four',
      'ANSWER: b',
    ].join('\r\n');
    const { questions, refused } = parseQuestions('aiken', text);
    expect(questions.map((q) => [q.item, q.line, q.correctAnswer])).toEqual([[4, 18, 1]]);
    expect(refused).toEqual([
      { item: 1, line: 1, excerpt: 'No answer line?', reason: 'No "ANSWER:" line after the options' },
      { item: 2, line: 5, excerpt: 'Unknown letter?', reason: 'The answer "E" is not one of the options' },
      { item: 3, line: 12, excerpt: 'Three options?', reason: 'A question needs 4 to 6 options' },
    ]);
  });
});

// ---- GIFT: examples of docs.moodle.org "GIFT format" ------------------------------------------------
const GIFT_DOCS = String.raw`// true/false
::Q1:: 1+1=2 {T}

// multiple choice with specified feedback for right and wrong answers
::Q2:: What's between orange and green in the spectrum?
{ =yellow # right; good! ~red # wrong, it's yellow ~blue # wrong, it's yellow }

// essay
::Q8:: How are you? {}

$CATEGORY: $course$/Cardiology

::Grants tomb::Who is buried in Grant's tomb in New York City? {
=Grant
~No one
#Was true for 12 years, but Grant's remains were buried in the tomb in 1897
~Napoleon
#He was buried in France
~Churchill
#He was buried in England
~Mother Teresa
#She was buried in India
}

Which answer equals 5? {
   ~ \= 2 + 2
   = \= 2 + 3
   ~ \= 2 + 4
   ~ \= 2 \: 4
   ####Add them up\: 2 + 3 \{is\} 5.
}

What two people are entombed in Grant's tomb? {
   ~%-100%No one
   ~%50%Grant
   ~%50%Grant's wife
   ~%-100%Grant's father
}
`;

describe('GIFT', () => {
  it('reads multiple choice with =, ~, titles, comments, escapes and #### general feedback', () => {
    const { questions, refused } = parseQuestions('gift', GIFT_DOCS);
    expect(questions).toEqual([
      {
        item: 4,
        line: 13,
        question: "Who is buried in Grant's tomb in New York City?",
        options: ['Grant', 'No one', 'Napoleon', 'Churchill', 'Mother Teresa'],
        correctAnswer: 0,
        explanation: '',
        topic: null,
      },
      {
        item: 5,
        line: 25,
        question: 'Which answer equals 5?',
        options: ['= 2 + 2', '= 2 + 3', '= 2 + 4', '= 2 : 4'],
        correctAnswer: 1,
        explanation: 'Add them up: 2 + 3 {is} 5.',
        topic: null,
      },
    ]);
    expect(refused.map((r) => [r.item, r.line, r.reason])).toEqual([
      // An unescaped = in the text is read as Moodle reads it (1+1=2): then refused for its type.
      [1, 1, 'Only multiple-choice questions can be imported; this is a true/false question'],
      [2, 4, 'A question needs 4 to 6 options'],
      [3, 8, 'Only multiple-choice questions can be imported; this is an essay question'],
      [6, 33, 'Answers with partial credit cannot be imported: mark one answer with = and the others with ~'],
    ]);
  });

  it("reads =, ~ and # in a question's text literally, as Moodle does, and keeps their meaning in the answers", () => {
    const text = [
      '// a comment with = and ~ stays a comment',
      'Ward #3: if 2+2=4 and 3~3, which is 5? {',
      '  =2+3',
      '  ~2+2',
      '  ~2 \\= 4',
      '  ~6',
      '  ####Because 2+3\\=5.',
      '}',
    ].join('\n');
    const { questions, refused } = parseQuestions('gift', text);
    expect(refused).toEqual([]);
    expect(questions).toEqual([
      {
        item: 1,
        line: 1,
        question: 'Ward #3: if 2+2=4 and 3~3, which is 5?',
        options: ['2+3', '2+2', '2 = 4', '6'],
        correctAnswer: 0,
        explanation: 'Because 2+3=5.',
        topic: null,
      },
    ]);
    expect(escapeTextOutsideAnswers('::T=1:: a=b \\= {=x ~y} c#d: e')).toBe(
      '::T=1:: a\\=b \\= {=x ~y} c\\#d\\: e',
    );
  });

  it('refuses true/false and other types with a row saying so', () => {
    expect(parseQuestions('gift', '::Q1:: 1+1\\=2 {T}').refused[0]?.reason).toBe(
      'Only multiple-choice questions can be imported; this is a true/false question',
    );
  });

  it('refuses a broken question with its line and keeps reading', () => {
    const text = 'Broken { =a ~b\n\nGood? {=a ~b ~c ~d}\n';
    const { questions, refused } = parseQuestions('gift', text);
    expect(questions).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ item: 1, line: 1, excerpt: 'Broken { =a ~b' });
    expect(refused[0]?.reason).toMatch(/^Not valid GIFT: /);
  });

  it('turns [html] text into plain text', () => {
    const { questions } = parseQuestions(
      'gift',
      '[html]<p>Which is <b>largest</b>?</p> {=<i>d</i> ~a ~b ~c}',
    );
    expect(questions[0]).toMatchObject({ question: 'Which is largest?', options: ['d', 'a', 'b', 'c'] });
  });
});

// ---- Moodle XML: docs.moodle.org "Moodle XML format" ------------------------------------------------
const XML_DOCS = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<!-- question: 0  -->
  <question type="category">
    <category><text>$course$/Cardiology</text></category>
  </question>
<!-- question: 1  -->
  <question type="multichoice">
    <name><text>Name of question</text></name>
    <questiontext format="html">
      <text><![CDATA[<p>What is the <b>answer</b> to this question?</p>]]></text>
    </questiontext>
    <generalfeedback format="html"><text>&lt;p&gt;Because &amp;amp; so.&lt;/p&gt;</text></generalfeedback>
    <answer fraction="100">
      <text>The correct answer</text>
      <feedback><text>Correct!</text></feedback>
    </answer>
    <answer fraction="0">
      <text>A distractor</text>
      <feedback><text>Ooops!</text></feedback>
    </answer>
    <answer fraction="0">
      <text>Another distractor</text>
      <feedback><text>Ooops!</text></feedback>
    </answer>
    <answer fraction="-33.33333">
      <text><![CDATA[A third <distractor>]]></text>
    </answer>
    <shuffleanswers>1</shuffleanswers>
    <single>true</single>
    <answernumbering>abc</answernumbering>
  </question>
  <question type="truefalse">
    <questiontext format="plain_text"><text>The sky is blue.</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="multichoice">
    <questiontext format="plain_text"><text>Pick two</text></questiontext>
    <single>false</single>
    <answer fraction="50"><text>a</text></answer>
    <answer fraction="50"><text>b</text></answer>
    <answer fraction="0"><text>c</text></answer>
    <answer fraction="0"><text>d</text></answer>
  </question>
  <question type="multichoice">
    <questiontext format="plain_text"><text>No key</text></questiontext>
    <answer fraction="0"><text>a</text></answer>
    <answer fraction="0"><text>b</text></answer>
    <answer fraction="0"><text>c</text></answer>
    <answer fraction="0"><text>d</text></answer>
  </question>
</quiz>
`;

describe('Moodle XML', () => {
  it('reads multichoice with CDATA and HTML as plain text, the fraction="100" answer as the key', () => {
    const { questions, refused } = parseQuestions('moodle-xml', XML_DOCS);
    expect(questions).toEqual([
      {
        item: 1,
        line: 8,
        question: 'What is the answer to this question?',
        options: ['The correct answer', 'A distractor', 'Another distractor', 'A third'],
        correctAnswer: 0,
        explanation: 'Because & so.',
        topic: null,
      },
    ]);
    expect(refused).toEqual([
      {
        item: 2,
        line: 33,
        excerpt: 'The sky is blue.',
        reason: 'Only multiple-choice questions can be imported; this is a true/false question',
      },
      {
        item: 3,
        line: 38,
        excerpt: 'Pick two',
        reason: 'Only single-answer multiple-choice questions can be imported',
      },
      { item: 4, line: 46, excerpt: 'No key', reason: 'No correct answer is marked' },
    ]);
  });

  it('refuses broken XML, a file without <quiz> and entity declarations as a whole', () => {
    expect(() => parseQuestions('moodle-xml', '<quiz><question type="multichoice"></quiz>')).toThrow(
      /^The file is not valid XML: .*\(line 1\)\.$/,
    );
    expect(() => parseQuestions('moodle-xml', '<notquiz/>')).toThrow('it has no <quiz> element');
    const bomb = '<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "aaaaaaaaaa">]><quiz>&a;</quiz>';
    expect(() => parseQuestions('moodle-xml', bomb)).toThrow(QuestionFileError);
  });
});

// ---- CSV ------------------------------------------------------------------------------------------------
describe('CSV', () => {
  const header = 'question,option1,option2,option3,option4,option5,option6,correct,explanation,topic';

  it('reads the documented header, quoted cells with commas, quotes and line breaks', () => {
    const text = [
      header,
      '"Which drug, first line?","A ""quoted"" one",B,C,D,,,1,"Line one\nline two",Cardiology',
      'Second?,a,b,c,d,e,f,6,,',
    ].join('\n');
    const { questions, refused } = parseQuestions('csv', text);
    expect(refused).toEqual([]);
    expect(questions).toEqual([
      {
        item: 1,
        line: 2,
        question: 'Which drug, first line?',
        options: ['A "quoted" one', 'B', 'C', 'D'],
        correctAnswer: 0,
        explanation: 'Line one\nline two',
        topic: 'Cardiology',
      },
      {
        item: 2,
        line: 4,
        question: 'Second?',
        options: ['a', 'b', 'c', 'd', 'e', 'f'],
        correctAnswer: 5,
        explanation: '',
        topic: null,
      },
    ]);
  });

  it('refuses each bad row with the reason of manual question creation', () => {
    const long = 'x'.repeat(2001);
    const text = [
      header,
      'Too few,a,b,c,,,,1,,',
      'Gap,a,b,,d,e,,1,,',
      'Same,a,A,c,d,,,1,,',
      'Out of range,a,b,c,d,,,5,,',
      'Not a number,a,b,c,d,,,B,,',
      'No answer,a,b,c,d,,,,,',
      `${long},a,b,c,d,,,1,,`,
      ',a,b,c,d,,,1,,',
      ',,,,,,,,,',
      'Good,a,b,c,d,,,4,,',
    ].join('\n');
    const { questions, refused } = parseQuestions('csv', text);
    expect(questions.map((q) => q.question)).toEqual(['Good']);
    expect(refused.map((r) => [r.item, r.line, r.reason])).toEqual([
      [1, 2, 'A question needs 4 to 6 options'],
      [2, 3, 'Option 3 is empty but a later option is filled in'],
      [3, 4, 'Options must all be different'],
      [4, 5, 'The correct answer must be one of the options'],
      [5, 6, '"correct" must be the number of the correct option (1 to 6)'],
      [6, 7, 'No correct answer is marked'],
      [7, 8, 'Question text must be at most 2000 characters'],
      [8, 9, 'Question text is required'],
    ]);
    expect(refused[6]?.excerpt).toHaveLength(80);
  });

  it('takes columns in any order, semicolons, and optional columns left out', () => {
    const text = 'correct;option4;option3;option2;option1;question\n2;d;c;b;a;Q?\n';
    expect(parseQuestions('csv', text).questions[0]).toMatchObject({
      options: ['a', 'b', 'c', 'd'],
      correctAnswer: 1,
    });
  });

  it('refuses a file without the header or with an unclosed quote as a whole', () => {
    expect(() => parseQuestions('csv', 'q,a,b\n1,2,3\n')).toThrow(
      /^The first row must be the header question,option1/,
    );
    expect(() => parseQuestions('csv', `${header}\n"Unclosed,a,b,c,d,,,1,,\n`)).toThrow(
      /could not be read \(near line \d\)/,
    );
  });

  it('escapes cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-5 mmol/L')).toBe("'-5 mmol/L");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('plain')).toBe('plain');
  });
});

// ---- Export and back ------------------------------------------------------------------------------------
const BANK = [
  {
    question: '=1+1 is "two", isn\'t it? {braces} ~tilde #hash: colon \\ back <b>not html</b> & more',
    options: ['-2', '+2', '@2', 'Two, "quoted"\nnext line'],
    correctAnswer: 2,
    explanation: 'Because = is maths; see #4 & <5>.',
    topic: 'Cardiology',
  },
  {
    question: 'Second question',
    options: ['a', 'b', 'c', 'd', 'e', 'f'],
    correctAnswer: 5,
    explanation: '',
    topic: null,
  },
];

describe('export', () => {
  it.each(QUESTION_FORMATS)('%s round-trips through its importer', (format) => {
    const file = exportQuestions(format, BANK);
    const { questions, refused } = parseQuestionFile(format, utf8(file));
    expect(refused).toEqual([]);
    const back = questions.map(({ item: _item, line: _line, ...q }) => q);
    // Aiken and GIFT keep text on one line; Aiken has no explanation; only CSV carries topics.
    const expected = BANK.map((q) => ({
      ...q,
      options:
        format === 'csv' || format === 'moodle-xml' ? q.options : q.options.map((o) => o.replace(/\n/g, ' ')),
      explanation: format === 'aiken' ? '' : q.explanation,
      topic: format === 'csv' ? q.topic : null,
    }));
    expect(back).toEqual(expected);
  });

  it('CSV export puts an apostrophe before would-be formulas and starts with a BOM', () => {
    const file = exportQuestions('csv', BANK);
    expect(file.startsWith('\uFEFFquestion,option1,')).toBe(true);
    expect(file).toContain(`"'=1+1 is ""two"", isn't it?`);
    expect(file).toContain(",'-2,'+2,'@2,");
  });
});

// ---- Hostile input --------------------------------------------------------------------------------------
describe('decoding files', () => {
  it('reads UTF-8 with a BOM and UTF-16 with or without one', () => {
    const text = 'Qu\u00e9 est\u00e1?';
    expect(decodeQuestionFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]))).toBe(text);
    const le = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
    expect(decodeQuestionFile(le)).toBe(text);
    expect(decodeQuestionFile(new Uint8Array(Buffer.from(text, 'utf16le')))).toBe(text);
    const be = Buffer.from(text, 'utf16le').swap16();
    expect(decodeQuestionFile(new Uint8Array([0xfe, 0xff, ...be]))).toBe(text);
  });

  it('refuses invalid bytes, NULs, empty files and files over 5 MB with a clear message', () => {
    expect(() => decodeQuestionFile(new Uint8Array([0x51, 0xe9, 0x3f, 0x0a]))).toThrow(/not UTF-8 text/);
    expect(() => decodeQuestionFile(new Uint8Array([0x51, 0x00, 0x00, 0x51, 0x41]))).toThrow(
      QuestionFileError,
    );
    expect(() => decodeQuestionFile(new Uint8Array([]))).toThrow('The file is empty.');
    expect(() => decodeQuestionFile(utf8(' \n '))).toThrow('The file is empty.');
    const big = new Uint8Array(10 * 1024 * 1024).fill(0x61);
    expect(() => decodeQuestionFile(big)).toThrow('The file is larger than 5 MB');
    expect(() => decodeQuestionFile(new Uint8Array(IMPORT_MAX_BYTES).fill(0x61))).not.toThrow();
  });

  it.each(QUESTION_FORMATS)('%s never throws anything but a QuestionFileError on garbage', (format) => {
    const garbage = [
      '{{{{',
      '<quiz><question',
      '"',
      '::::',
      'ANSWER: A',
      '\u0001\u0002',
      '\uD7FF'.repeat(10),
    ];
    for (const text of garbage) {
      try {
        const result = parseQuestions(format, text);
        expect(result.questions).toEqual([]);
      } catch (err) {
        expect(err).toBeInstanceOf(QuestionFileError);
      }
    }
  });
});
