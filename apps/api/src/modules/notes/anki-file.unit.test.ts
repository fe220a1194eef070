import { describe, expect, it } from 'vitest';
import { ankiFile, ankiHtml, ankiTagPart, type AnkiQuestion } from './anki-file.ts';

const question: AnkiQuestion = {
  id: 'q-1',
  question: 'A 60-year-old with "chest pain"\nand K+ < 3.0: what first?',
  options: ['ECG', 'Potassium <b>IV</b>', 'Discharge'],
  correctAnswer: 1,
  explanation: 'Replace potassium.\tThen repeat.',
  rationales: ['Useful, but not first.', '', ''],
  objective: 'Treat hypokalaemia before it causes arrhythmia.',
  references: [
    { title: 'BNF: potassium', url: 'https://bnf.example/potassium' },
    { title: 'Unsafe', url: 'javascript:alert(1)' },
  ],
  topic: 'Electrolytes & Fluids',
  examTitle: 'Acute Medicine (Finals) — 2026',
  note: 'K before the ECG',
};

describe('ankiHtml', () => {
  it('escapes markup and turns breaks into <br> and tabs into spaces', () => {
    expect(ankiHtml(`<a href="x">'&'</a>\r\nnext\tcell`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;<br>next cell',
    );
  });
});

describe('ankiTagPart', () => {
  it('makes a lower-case tag part without spaces', () => {
    expect(ankiTagPart('Acute Kidney Injury (AKI)')).toBe('acute-kidney-injury-aki');
    expect(ankiTagPart('Électrolytes & Fluids')).toBe('electrolytes-fluids');
    expect(ankiTagPart('  ***  ')).toBe('untitled');
  });
});

describe('ankiFile', () => {
  it("writes Anki's file headers, then one line a question with its GUID, front, back and tags", () => {
    const file = ankiFile([question, { ...question, id: 'q-2', note: null, references: [] }], 'MLP::Missed');
    const lines = file.trimEnd().split('\n');
    expect(lines.slice(0, 5)).toEqual([
      '#separator:tab',
      '#html:true',
      '#deck:MLP::Missed',
      '#guid column:1',
      '#tags column:4',
    ]);
    expect(lines).toHaveLength(7);
    const [guid, front, back, tags] = lines[5]!.split('\t');
    expect(lines[5]!.split('\t')).toHaveLength(4);
    expect(guid).toBe('mlp-q-1');
    expect(front).toContain('A 60-year-old with &quot;chest pain&quot;<br>and K+ &lt; 3.0: what first?');
    expect(front).toContain('<li><b>B.</b> Potassium &lt;b&gt;IV&lt;/b&gt;</li>');
    // The key, explanation, rationales, objective, references and the learner's note are on the back only.
    expect(front).not.toContain('Replace potassium');
    expect(back).toContain('<b>Answer: B.</b> Potassium &lt;b&gt;IV&lt;/b&gt;');
    expect(back).toContain('Replace potassium. Then repeat.');
    expect(back).toContain('<li><b>A.</b> Useful, but not first.</li>');
    expect(back).not.toContain('<b>B.</b> </li>');
    expect(back).toContain('<b>Remember:</b> Treat hypokalaemia');
    expect(back).toContain('<a href="https://bnf.example/potassium">BNF: potassium</a>');
    expect(back).not.toContain('javascript:');
    expect(back).toContain('<b>My note:</b> K before the ECG');
    expect(tags).toBe('exam::acute-medicine-finals-2026 topic::electrolytes-fluids');
    expect(lines[6]!.split('\t')[2]).not.toContain('My note');
  });
});
