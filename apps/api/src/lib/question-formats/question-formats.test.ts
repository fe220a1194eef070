import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CSV_HEADER, IMPORT_MAX_BYTES, QUESTION_FORMATS } from '@mlp/contract';
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
/** What a question read from a file teaches when the file says nothing of it. */
const NOTHING_TAUGHT = { rationales: [], objective: '', references: [] };

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
        ...NOTHING_TAUGHT,
      },
      {
        item: 2,
        line: 8,
        question: 'Which LMS has the most quiz import formats?',
        options: ['Moodle', 'ATutor', 'Claroline', 'Blackboard', 'WebCT', 'Ilias'],
        correctAnswer: 0,
        explanation: '',
        topic: null,
        ...NOTHING_TAUGHT,
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
        // The $CATEGORY line before it: its last part is the topic.
        topic: 'Cardiology',
        // '#feedback' after an answer is that option's rationale.
        rationales: [
          '',
          "Was true for 12 years, but Grant's remains were buried in the tomb in 1897",
          'He was buried in France',
          'He was buried in England',
          'She was buried in India',
        ],
        objective: '',
        references: [],
      },
      {
        item: 5,
        line: 25,
        question: 'Which answer equals 5?',
        options: ['= 2 + 2', '= 2 + 3', '= 2 + 4', '= 2 : 4'],
        correctAnswer: 1,
        explanation: 'Add them up: 2 + 3 {is} 5.',
        topic: 'Cardiology',
        ...NOTHING_TAUGHT,
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
        ...NOTHING_TAUGHT,
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

// ---- GIFT: Moodle's examples file, comments and all --------------------------------------------------
const GIFT_EXAMPLES = readFileSync(
  new URL('./fixtures/moodle-gift-examples.gift.txt', import.meta.url),
  'utf8',
);

describe("GIFT: Moodle's examples", () => {
  const { questions, refused } = parseQuestions('gift', GIFT_EXAMPLES);
  const numbers = (kind: string) =>
    refused.filter((r) => r.reason.endsWith(`${kind} question`)).map((r) => r.item);

  it('imports the multiple-choice questions with 4 to 6 options, numbered as Moodle numbers them', () => {
    // Comment-only blocks and $CATEGORY lines take no number (Moodle drops them before counting).
    expect(questions.map((q) => [q.item, q.line, q.question])).toEqual([
      [12, 49, 'Japanese characters originally came from what country?'],
      [13, 51, "Who is buried in Grant's tomb in New York City?"],
      [26, 125, 'Japanese characters originally came from what country?'],
      [33, 158, 'Which answer equals 5 here?'],
      [34, 169, 'Question'],
    ]);
    expect(questions[1]?.rationales).toEqual([
      '',
      "Was true for 12 years, but Grant's remains were buried in the tomb in 1897",
      'He was buried in France',
      'He was buried in England',
      'She was buried in India',
    ]);
    expect(questions[3]?.rationales).toEqual(['', 'Two and three make five: well done.', '', '']);
    expect(questions[4]).toMatchObject({
      explanation: 'General feedback for every answer.',
      rationales: [
        '',
        'A response to wrong answer1',
        'A response to wrong answer2',
        'A response to wrong answer3',
      ],
      topic: 'harry',
    });
    expect(questions.length + refused.length).toBe(35);
    expect(refused.every((r) => !r.reason.startsWith('Not valid GIFT'))).toBe(true);
  });

  it('refuses every other kind with its name', () => {
    expect(numbers('a true/false')).toEqual([1, 17, 18, 30]);
    expect(numbers('a short-answer')).toEqual([3, 15, 16, 29]);
    expect(numbers('a matching')).toEqual([4, 19]);
    expect(numbers('a numerical')).toEqual([5, 6, 7, 21, 22, 23, 24, 25]);
    expect(numbers('an essay')).toEqual([8]);
    expect(numbers('a description')).toEqual([35]);
    expect(
      refused.filter((r) => r.reason.startsWith('Answers with partial credit')).map((r) => r.item),
    ).toEqual([14, 31]);
    // Multiple choice and missing word with three options, as most of the documentation's examples have.
    expect(refused.filter((r) => r.reason === 'A question needs 4 to 6 options').map((r) => r.item)).toEqual([
      2, 9, 10, 11, 20, 27, 28, 32,
    ]);
  });

  it('a comment-only block is no question and does not shift the numbers', () => {
    const text = [
      '// one',
      '// two',
      '',
      'First? {=a ~b ~c ~d}',
      '',
      '  // indented',
      '',
      'Second? {=a ~b ~c ~d}',
    ].join('\n');
    const result = parseQuestions('gift', text);
    expect(result.refused).toEqual([]);
    expect(result.questions.map((q) => [q.item, q.line])).toEqual([
      [1, 4],
      [2, 8],
    ]);
  });

  it('refuses a question gift-pegjs cannot read for its kind when the braces tell it', () => {
    const text = ['Born? {#1822:5 #Within five years}', '', 'True? {T#x#y#z}', '', 'Broken { =a ~b'].join(
      '\n',
    );
    expect(parseQuestions('gift', text).refused.map((r) => [r.item, r.reason])).toEqual([
      [1, 'Only multiple-choice questions can be imported; this is a numerical question'],
      [2, 'Only multiple-choice questions can be imported; this is a true/false question'],
      [3, expect.stringMatching(/^Not valid GIFT: /) as string],
    ]);
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
        // The category before it ($course$/Cardiology): its last part is the topic.
        topic: 'Cardiology',
        // Each answer's <feedback> is that option's rationale.
        rationales: ['Correct!', 'Ooops!', 'Ooops!', ''],
        objective: '',
        references: [],
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
        ...NOTHING_TAUGHT,
      },
      {
        item: 2,
        line: 4,
        question: 'Second?',
        options: ['a', 'b', 'c', 'd', 'e', 'f'],
        correctAnswer: 5,
        explanation: '',
        topic: null,
        ...NOTHING_TAUGHT,
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
    explanation: 'Because = is maths; see #4 & <5>.\nA second line.',
    topic: 'Cardiology',
    rationales: ['Minus: #1 = wrong {really}', '', 'Right: at two', 'Not "quoted"\nat all'],
    objective: 'Remember that 1 + 1 = 2: always.',
    references: [
      { title: 'Harrison | Chapter 12; p. 3', url: 'https://example.org/harrison?ch=12&p=3' },
      { title: 'Oxford Handbook', url: null },
    ],
  },
  {
    question: 'Second question',
    options: ['a', 'b', 'c', 'd', 'e', 'f'],
    correctAnswer: 5,
    explanation: '',
    topic: null,
    rationales: [],
    objective: '',
    references: [],
  },
  {
    question: 'Third question, with a tab\there',
    options: ['tab\tinside', 'b', 'c', 'd'],
    correctAnswer: 0,
    explanation: '',
    topic: 'Renal medicine/nephrology',
    rationales: ['', '', '', 'Only the last'],
    objective: 'Only an objective.',
    references: [],
  },
];

describe('export', () => {
  it.each(QUESTION_FORMATS)('%s round-trips through its importer', (format) => {
    const file = exportQuestions(format, BANK, 'Cardiology basics');
    const { questions, refused } = parseQuestionFile(format, utf8(file));
    expect(refused).toEqual([]);
    const back = questions.map(({ item: _item, line: _line, ...q }) => q);
    // Aiken keeps the question, options and answer only, each on one line; the others carry everything.
    const expected = BANK.map((q) =>
      format === 'aiken'
        ? {
            ...q,
            options: q.options.map((o) => o.replace(/\n/g, ' ')),
            explanation: '',
            topic: null,
            ...NOTHING_TAUGHT,
          }
        : q,
    );
    expect(back).toEqual(expected);
  });

  it('CSV export puts an apostrophe before would-be formulas and starts with a BOM', () => {
    const file = exportQuestions('csv', BANK, 'Bank');
    expect(file.startsWith('\uFEFFquestion,option1,')).toBe(true);
    expect(file).toContain(`"'=1+1 is ""two"", isn't it?`);
    expect(file).toContain(",'-2,'+2,'@2,");
  });

  it("CSV export's header keeps the spec's ten columns first, then rationales, objective and references", () => {
    const header = exportQuestions('csv', BANK, 'Bank')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0];
    expect(header).toBe(CSV_HEADER.join(','));
    expect(header).toBe(
      'question,option1,option2,option3,option4,option5,option6,correct,explanation,topic,' +
        'rationale1,rationale2,rationale3,rationale4,rationale5,rationale6,objective,references',
    );
  });

  it('GIFT export writes #rationales, line breaks as \\n, the notes after the explanation and categories', () => {
    const file = exportQuestions('gift', BANK, 'Cardiology basics');
    expect(file).toContain('$CATEGORY: $course$/top/Cardiology\n\n');
    expect(file).toContain('  ~-2#Minus\\: \\#1 \\= wrong \\{really\\}\n');
    expect(file).toContain('  ~Two, "quoted"\\nnext line#Not "quoted"\\nat all\n');
    expect(file).toContain(
      '  ####Because \\= is maths; see \\#4 & <5>.\\nA second line.\\n\\nObjective\\: Remember that 1 + 1 \\= 2\\: always.' +
        '\\n\\nReferences\\:\\nHarrison | Chapter 12; p. 3 | https\\://example.org/harrison?ch\\=12&p\\=3\\nOxford Handbook\n',
    );
    // Questions without a topic after ones with a topic go to Moodle's default category (no topic).
    expect(file).toContain('$CATEGORY: $course$/top/Default for Cardiology basics\n\nSecond question {');
    // A '/' in a topic is doubled, as Moodle escapes it in a category path.
    expect(file).toContain('$CATEGORY: $course$/top/Renal medicine//nephrology\n');
  });

  it('Moodle XML export writes each rationale as its answer feedback and the notes in the general feedback', () => {
    const file = exportQuestions('moodle-xml', BANK, 'Cardiology basics');
    expect(file).toContain(
      '<answer fraction="0" format="plain_text"><text>-2</text><feedback format="plain_text"><text>Minus: #1 = wrong {really}</text></feedback></answer>',
    );
    expect(file).toContain('<answer fraction="0" format="plain_text"><text>+2</text></answer>');
    expect(file).toContain(
      '<generalfeedback format="plain_text"><text>Because = is maths; see #4 &amp; &lt;5&gt;.\nA second line.\n\nObjective: Remember that 1 + 1 = 2: always.\n\nReferences:\nHarrison | Chapter 12; p. 3 | https://example.org/harrison?ch=12&amp;p=3\nOxford Handbook</text></generalfeedback>',
    );
    expect(file).toContain(
      '<question type="category">\n    <category><text>$course$/top/Cardiology</text></category>',
    );
  });

  it('a bank without topics gets no categories', () => {
    const untagged = BANK.map((q) => ({ ...q, topic: null }));
    expect(exportQuestions('gift', untagged, 'Bank')).not.toContain('$CATEGORY');
    expect(exportQuestions('moodle-xml', untagged, 'Bank')).not.toContain('type="category"');
  });

  it('Aiken export keeps tabs inside the question and options and puts line breaks on one line', () => {
    const file = exportQuestions('aiken', BANK, 'Bank');
    expect(file).toContain('Third question, with a tab\there\nA. tab\tinside\nB. b\n');
    expect(file).toContain('D. Two, "quoted" next line\n');
    expect(parseQuestions('aiken', file).questions[2]).toMatchObject({
      question: 'Third question, with a tab\there',
      options: ['tab\tinside', 'b', 'c', 'd'],
    });
  });
});

// ---- What a question teaches, in each format ---------------------------------------------------------
describe('rationales, objective and references', () => {
  const header = CSV_HEADER.slice(0, 10).join(',');

  it('CSV reads rationale1..6 (also "Rationale 1"), objective and one reference a line of the references cell', () => {
    const text = [
      `${header},Rationale 1,rationale_2,rationale4,objective,references`,
      [
        'Which?,a,b,c,d,,,2,,',
        'Why not a',
        'Why b',
        '',
        'Remember b.',
        '"Harrison | Chapter 12 | https://example.org/h\n\nOxford | Handbook\nhttps://example.org/bare"',
      ].join(','),
    ].join('\n');
    const { questions, refused } = parseQuestions('csv', text);
    expect(refused).toEqual([]);
    expect(questions[0]).toMatchObject({
      rationales: ['Why not a', 'Why b', '', ''],
      objective: 'Remember b.',
      references: [
        // The text after the last '|' is the link when it is one: a title may hold '|' itself.
        { title: 'Harrison | Chapter 12', url: 'https://example.org/h' },
        { title: 'Oxford | Handbook', url: null },
        { title: 'https://example.org/bare', url: 'https://example.org/bare' },
      ],
    });
  });

  it('CSV refuses a rationale without its option, a javascript: link and a sixth reference, with the reasons of the question form', () => {
    const text = [
      `${header},rationale5,references,objective`,
      'Five?,a,b,c,d,,,1,,,Why e,,',
      'Link?,a,b,c,d,,,1,,,,Bad | javascript:alert(1),',
      `Many?,a,b,c,d,,,1,,,,"${['1', '2', '3', '4', '5', '6'].join('\n')}",`,
      `Long?,a,b,c,d,,,1,,,,,${'x'.repeat(501)}`,
      'Fine?,a,b,c,d,,,1,,,,,',
    ].join('\n');
    const { questions, refused } = parseQuestions('csv', text);
    expect(questions.map((q) => q.question)).toEqual(['Fine?']);
    expect(refused.map((r) => r.reason)).toEqual([
      'Each rationale belongs to an option: 5 rationales for 4 options',
      'A reference link must start with http:// or https://',
      'At most 5 references',
      'The learning objective must be at most 500 characters',
    ]);
  });

  it('Moodle XML and GIFT read the objective and references after the explanation, and leave notes that are not valid in it', () => {
    const notes = 'Because.\n\nObjective: Know it.\n\nReferences:\nBook | https://example.org/b\nPaper';
    const gift = `Q? {=a ~b ~c ~d ####${notes.replace(/\n/g, '\\n').replace(/:/g, '\\:')}}`;
    expect(parseQuestions('gift', gift).questions[0]).toMatchObject({
      explanation: 'Because.',
      objective: 'Know it.',
      references: [
        { title: 'Book', url: 'https://example.org/b' },
        { title: 'Paper', url: null },
      ],
    });
    const xml = (feedback: string) =>
      `<quiz><question type="multichoice"><questiontext format="plain_text"><text>Q?</text></questiontext>` +
      `<generalfeedback format="plain_text"><text>${feedback}</text></generalfeedback>` +
      ['a', 'b', 'c', 'd']
        .map((o, i) => `<answer fraction="${i === 0 ? 100 : 0}"><text>${o}</text></answer>`)
        .join('') +
      `</question></quiz>`;
    expect(parseQuestions('moodle-xml', xml(notes)).questions[0]).toMatchObject({
      explanation: 'Because.',
      objective: 'Know it.',
      references: [{ title: 'Book', url: 'https://example.org/b' }, { title: 'Paper' }],
    });
    // A javascript: link is not a reference: the feedback stays the explanation, as written.
    const unsafe = 'Because.\n\nReferences:\nBad | javascript:alert(1)';
    expect(parseQuestions('moodle-xml', xml(unsafe)).questions[0]).toMatchObject({
      explanation: unsafe,
      references: [],
    });
    // Words in the middle of a paragraph are text.
    expect(parseQuestions('moodle-xml', xml('See Objective: x and References:')).questions[0]).toMatchObject({
      explanation: 'See Objective: x and References:',
      objective: '',
    });
  });
});

// ---- Topics from categories -----------------------------------------------------------------------------
describe('categories as topics', () => {
  it("GIFT $CATEGORY and Moodle XML categories set the topic of the questions after them; Moodle's containers are none", () => {
    const gift = [
      '$CATEGORY: $course$/top/Cardiology',
      '',
      'One? {=a ~b ~c ~d}',
      '',
      '$CATEGORY: $course$/top/Default for Medicine 101',
      '',
      'Two? {=a ~b ~c ~d}',
      '',
      '$CATEGORY: $course$/top/Acid//base',
      '',
      'Three? {=a ~b ~c ~d}',
      '',
      '$CATEGORY: $course$/top',
      '',
      'Four? {=a ~b ~c ~d}',
      '',
      `$CATEGORY: ${'x'.repeat(61)}`,
      '',
      'Five? {=a ~b ~c ~d}',
    ].join('\n');
    const { questions, refused } = parseQuestions('gift', gift);
    expect(questions.map((q) => [q.item, q.topic])).toEqual([
      [1, 'Cardiology'],
      [2, null],
      [3, 'Acid/base'],
      [4, null],
    ]);
    expect(refused).toMatchObject([{ item: 5, reason: 'A topic must be at most 60 characters' }]);

    const category = (path: string) =>
      `<question type="category"><category><text>${path}</text></category></question>`;
    const mc = (text: string) =>
      `<question type="multichoice"><questiontext format="plain_text"><text>${text}</text></questiontext>` +
      `<answer fraction="100"><text>a</text></answer><answer fraction="0"><text>b</text></answer>` +
      `<answer fraction="0"><text>c</text></answer><answer fraction="0"><text>d</text></answer>` +
      `<tags><tag><text>NotATopic</text></tag></tags></question>`;
    const xml = `<quiz>${mc('Zero?')}${category('$course$/top/Renal')}${mc('One?')}${mc('Two?')}${category('$module$/top/Default for Quiz')}${mc('Three?')}</quiz>`;
    expect(parseQuestions('moodle-xml', xml).questions.map((q) => [q.item, q.topic])).toEqual([
      [1, null],
      [2, 'Renal'],
      [3, 'Renal'],
      [4, null],
    ]);
  });
});

// ---- Media in Moodle XML ----------------------------------------------------------------------------------
describe('media', () => {
  const question = (text: string, answerA = 'a', extra = '') =>
    `<question type="multichoice"><questiontext format="html"><text><![CDATA[${text}]]></text>${extra}</questiontext>` +
    `<answer fraction="100"><text><![CDATA[${answerA}]]></text></answer><answer fraction="0"><text>b</text></answer>` +
    `<answer fraction="0"><text>c</text></answer><answer fraction="0"><text>d</text></answer></question>`;

  it('refuses a Moodle XML question whose text or answers hold media, in the preview, instead of importing it unanswerable', () => {
    const xml = `<quiz>${[
      question('<p>Which rhythm is this?</p><p><img src="@@PLUGINFILE@@/ecg.png" alt="ECG"></p>'),
      question('Which murmur?', '<audio controls src="@@PLUGINFILE@@/murmur.mp3"></audio>'),
      question(
        'Which rash? @@PLUGINFILE@@/rash.jpg',
        'a',
        '<file name="rash.jpg" path="/" encoding="base64">aGVsbG8=</file>',
      ),
      question('Which lesion?', '<img src="data:image/png;base64,AAAA">'),
      question('<video src="https://example.org/v.mp4"></video>Which gait?'),
      question('<p>No media here</p>'),
    ].join('')}</quiz>`;
    const { questions, refused } = parseQuestions('moodle-xml', xml);
    expect(questions.map((q) => q.question)).toEqual(['No media here']);
    expect(refused.map((r) => r.item)).toEqual([1, 2, 3, 4, 5]);
    for (const row of refused) expect(row.reason).toMatch(/^Contains media that is not imported/);
  });

  it('refuses a GIFT question with an image in its HTML text', () => {
    const { refused } = parseQuestions('gift', '[html]<p>Which?</p><img src="x.png"> {=a ~b ~c ~d}');
    expect(refused[0]?.reason).toMatch(/contains media that is not imported/i);
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
