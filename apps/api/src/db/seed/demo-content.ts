/**
 * Demo content used to seed a fresh installation: three practice exams (one free, two paid), four
 * articles and two courses built from them (one free, one drawing on a paid exam). Pure data — no runtime dependencies. Clinical content follows current UK practice (NICE,
 * Resuscitation Council UK, BNF, JBDS, RCP NEWS2, MHRA) and is written for learners, not as a clinical
 * guideline. Every question teaches as a paid bank does: a rationale per option, an objective and sources.
 */

import type { QuestionTeaching } from '../schema/exams.ts';

/**
 * A demo question teaches as a paid bank's does: 4 to 6 distinct, non-empty options; an explanation of 1–3
 * sentences (why the answer is right, and key distractors wrong where useful); a rationale per option that
 * stands alone next to it (learners read them after answering); 1–3 authoritative sources.
 */
export interface DemoQuestion extends Omit<QuestionTeaching, 'references'> {
  references: DemoReference[];
  /** one of its exam's topics (decision 0031) */
  topic?: string;
}

/** A source a question rests on; `url` is null when no stable link is known (the title names it). */
export interface DemoReference {
  title: string;
  url: string | null;
}

export interface DemoExam {
  title: string;
  /** 1–3 sentences: what it covers and who it is for. */
  description: string;
  category: 'medical' | 'nursing' | 'pharmacy' | 'other';
  /** Integer pence; 0 = free. */
  pricePence: number;
  /** Always equals `questions.length`. */
  numberOfQuestions: number;
  tags: string[];
  /** the exam's topic list (decision 0031); every question has one of them */
  topics: string[];
  questions: DemoQuestion[];
  /** positions of the questions shown on the exam's page to try (decision 0061): at most 3 */
  samples: number[];
}

export interface DemoArticle {
  title: string;
  /** One or two sentences. */
  summary: string;
  category: 'medical' | 'education' | 'exam-prep' | 'career' | 'research';
  /** Trusted HTML body (headings, paragraphs, lists, emphasis, blockquotes, tables). */
  content: string;
}

/** A unit of a demo course: its article or exam named by title (the seed looks them up). */
export interface DemoCourseUnit {
  kind: 'article' | 'practice' | 'checkpoint';
  /** '' shows the article's or exam's own title */
  title: string;
  article?: string;
  exam?: string;
  /** practice: the exam's topics to draw from, enough of them for `size` questions */
  topics?: string[];
  size?: number;
  mode?: 'exam' | 'timed' | 'tutor';
  /** checkpoint: the score (%) that passes */
  passMark?: number;
}

export interface DemoCourse {
  title: string;
  summary: string;
  category: 'medical' | 'nursing' | 'pharmacy' | 'other';
  units: DemoCourseUnit[];
}

/** Sources the demo questions cite, named once so that a moved link is corrected in one place. */
const REF = {
  niceNg185: { title: 'NICE NG185: Acute coronary syndromes', url: 'https://www.nice.org.uk/guidance/ng185' },
  niceCg95: {
    title: 'NICE CG95: Recent-onset chest pain of suspected cardiac origin: assessment and diagnosis',
    url: 'https://www.nice.org.uk/guidance/cg95',
  },
  niceNg250: {
    title: 'NICE NG250: Pneumonia: diagnosis and management',
    url: 'https://www.nice.org.uk/guidance/ng250',
  },
  niceNg145: {
    title: 'NICE NG145: Thyroid disease: assessment and management',
    url: 'https://www.nice.org.uk/guidance/ng145',
  },
  niceNg148: {
    title: 'NICE NG148: Acute kidney injury: prevention, detection and management',
    url: 'https://www.nice.org.uk/guidance/ng148',
  },
  niceCg141: {
    title: 'NICE CG141: Acute upper gastrointestinal bleeding in over 16s: management',
    url: 'https://www.nice.org.uk/guidance/cg141',
  },
  niceNg20: {
    title: 'NICE NG20: Coeliac disease: recognition, assessment and management',
    url: 'https://www.nice.org.uk/guidance/ng20',
  },
  niceNg136: {
    title: 'NICE NG136: Hypertension in adults: diagnosis and management',
    url: 'https://www.nice.org.uk/guidance/ng136',
  },
  niceNg128: {
    title: 'NICE NG128: Stroke and transient ischaemic attack in over 16s: diagnosis and initial management',
    url: 'https://www.nice.org.uk/guidance/ng128',
  },
  niceNg228: {
    title: 'NICE NG228: Subarachnoid haemorrhage caused by a ruptured aneurysm: diagnosis and management',
    url: 'https://www.nice.org.uk/guidance/ng228',
  },
  niceNg71: {
    title: "NICE NG71: Parkinson's disease in adults",
    url: 'https://www.nice.org.uk/guidance/ng71',
  },
  niceNg106: {
    title: 'NICE NG106: Chronic heart failure in adults: diagnosis and management',
    url: 'https://www.nice.org.uk/guidance/ng106',
  },
  niceNg208: {
    title: 'NICE NG208: Heart valve disease presenting in adults: investigation and management',
    url: 'https://www.nice.org.uk/guidance/ng208',
  },
  niceNg115: {
    title: 'NICE NG115: Chronic obstructive pulmonary disease in over 16s: diagnosis and management',
    url: 'https://www.nice.org.uk/guidance/ng115',
  },
  niceNg158: {
    title: 'NICE NG158: Venous thromboembolic diseases: diagnosis, management and thrombophilia testing',
    url: 'https://www.nice.org.uk/guidance/ng158',
  },
  niceNg39: {
    title: 'NICE NG39: Major trauma: assessment and initial management',
    url: 'https://www.nice.org.uk/guidance/ng39',
  },
  niceNg130: {
    title: 'NICE NG130: Ulcerative colitis: management',
    url: 'https://www.nice.org.uk/guidance/ng130',
  },
  niceNg240: {
    title:
      'NICE NG240: Meningitis (bacterial) and meningococcal ' +
      'disease: recognition, diagnosis and management',
    url: 'https://www.nice.org.uk/guidance/ng240',
  },
  niceNg51: {
    title: 'NICE NG51: Suspected sepsis: recognition, diagnosis and early management',
    url: 'https://www.nice.org.uk/guidance/ng51',
  },
  niceCg174: {
    title: 'NICE CG174: Intravenous fluid therapy in adults in hospital',
    url: 'https://www.nice.org.uk/guidance/cg174',
  },
  niceCg179: {
    title: 'NICE CG179: Pressure ulcers: prevention and management',
    url: 'https://www.nice.org.uk/guidance/cg179',
  },
  niceCg32: {
    title:
      'NICE CG32: Nutrition support for adults: oral nutrition ' +
      'support, enteral tube feeding and parenteral nutrition',
    url: 'https://www.nice.org.uk/guidance/cg32',
  },
  niceCg134: {
    title: 'NICE CG134: Anaphylaxis: assessment and referral after emergency treatment',
    url: 'https://www.nice.org.uk/guidance/cg134',
  },
  niceNg125: {
    title: 'NICE NG125: Surgical site infections: prevention and treatment',
    url: 'https://www.nice.org.uk/guidance/ng125',
  },
  niceNg24: { title: 'NICE NG24: Blood transfusion', url: 'https://www.nice.org.uk/guidance/ng24' },
  niceCg185: {
    title: 'NICE CG185: Bipolar disorder: assessment and management',
    url: 'https://www.nice.org.uk/guidance/cg185',
  },
  niceNg28: {
    title: 'NICE NG28: Type 2 diabetes in adults: management',
    url: 'https://www.nice.org.uk/guidance/ng28',
  },
  niceCg183: {
    title: 'NICE CG183: Drug allergy: diagnosis and management',
    url: 'https://www.nice.org.uk/guidance/cg183',
  },
  niceNg109: {
    title: 'NICE NG109: Urinary tract infection (lower): antimicrobial prescribing',
    url: 'https://www.nice.org.uk/guidance/ng109',
  },
  niceNg199: {
    title: 'NICE NG199: Clostridioides difficile infection: antimicrobial prescribing',
    url: 'https://www.nice.org.uk/guidance/ng199',
  },
  niceNg238: {
    title: 'NICE NG238: Cardiovascular disease: risk assessment and reduction, including lipid modification',
    url: 'https://www.nice.org.uk/guidance/ng238',
  },
  niceCg140: {
    title: 'NICE CG140: Palliative care for adults: strong opioids for pain relief',
    url: 'https://www.nice.org.uk/guidance/cg140',
  },
  btsCap2009: {
    title:
      'British Thoracic Society: Guidelines for the management of community ' +
      'acquired pneumonia in adults, update 2009 (Thorax 2009;64 Suppl 3)',
    url: null,
  },
  btsOxygen: {
    title:
      'British Thoracic Society: Guideline for oxygen use in adults in ' +
      'healthcare and emergency settings (Thorax 2017;72 Suppl 1)',
    url: null,
  },
  jbdsDka: {
    title: 'JBDS-IP: The management of diabetic ketoacidosis in adults',
    url: 'https://abcd.care/resource/management-diabetic-ketoacidosis-dka-adults',
  },
  jbdsHypo: {
    title: 'JBDS-IP: The hospital management of hypoglycaemia in adults with diabetes mellitus',
    url: 'https://abcd.care/',
  },
  ukkaHyperkalaemia: {
    title: 'UK Kidney Association: Clinical practice guideline — treatment of acute hyperkalaemia in adults',
    url: 'https://ukkidney.org/',
  },
  rcukAls: {
    title: 'Resuscitation Council UK Guidelines 2025: Adult advanced life support',
    url: 'https://www.resus.org.uk/',
  },
  rcukBls: {
    title: 'Resuscitation Council UK Guidelines 2025: Adult basic life support',
    url: 'https://www.resus.org.uk/',
  },
  rcukAnaphylaxis: {
    title:
      'Resuscitation Council UK: Emergency treatment of ' +
      'anaphylaxis — guidelines for healthcare providers (2021)',
    url: 'https://www.resus.org.uk/library/additional-guidance/guidance-anaphylaxis/emergency-treatment',
  },
  rcpNews2: {
    title:
      'Royal College of Physicians: National Early Warning Score (NEWS) 2 — ' +
      'standardising the assessment of acute-illness severity in the NHS (2017)',
    url: 'https://www.rcp.ac.uk/',
  },
  nipcm: {
    title: 'NHS England: National infection prevention and control manual (NIPCM) for England — appendices',
    url: 'https://www.england.nhs.uk/publication/national-infection-prevention-and-control-manual-for-england-appendices/',
  },
  nhseHandHygienePpe: {
    title:
      'NHS England: Standard infection control precautions — national ' +
      'hand hygiene and personal protective equipment policy',
    url: 'https://www.england.nhs.uk/publication/standard-infection-control-precautions-national-hand-hygiene-and-personal-protective-equipment-policy/',
  },
  pheCdiff: {
    title:
      'Public Health England: Updated guidance on the management and ' +
      'treatment of Clostridium difficile infection (2013)',
    url: null,
  },
  bapenMust: {
    title: "BAPEN: The 'Malnutrition Universal Screening Tool' ('MUST')",
    url: 'https://www.bapen.org.uk/',
  },
  nmcCode: {
    title:
      'NMC: The Code — professional standards of practice and ' +
      'behaviour for nurses, midwives and nursing associates',
    url: 'https://www.nmc.org.uk/standards/code/',
  },
  ukSepsisTrust: { title: 'UK Sepsis Trust: The Sepsis Six', url: 'https://sepsistrust.org/' },
  bshTransfusion: {
    title:
      'British Society for Haematology: Guideline on the ' +
      'investigation and management of acute transfusion reactions',
    url: null,
  },
  shot: {
    title: 'Serious Hazards of Transfusion (SHOT): UK haemovigilance scheme',
    url: 'https://www.shotuk.org/',
  },
  bshWarfarin: {
    title:
      'Keeling D et al. Guidelines on oral anticoagulation with warfarin — fourth edition ' +
      '(British Committee for Standards in Haematology). Br J Haematol 2011;154:311–24',
    url: null,
  },
  mhraRenal: {
    title:
      'MHRA Drug Safety Update (October 2019): Prescribing medicines in renal impairment — using ' +
      'the appropriate estimate of renal function to avoid the risk of adverse drug reactions',
    url: 'https://www.gov.uk/drug-safety-update',
  },
  bnf: { title: 'BNF: British National Formulary', url: 'https://bnf.nice.org.uk/' },
  bnfInteractions: { title: 'BNF: Interactions', url: 'https://bnf.nice.org.uk/' },
  toxbase: {
    title: 'TOXBASE (UK National Poisons Information Service): Paracetamol',
    url: 'https://www.toxbase.org/',
  },
} satisfies Record<string, DemoReference>;

// ---------------------------------------------------------------------------------------------------------
// Exam 1 — Clinical Medicine Essentials (medical, free)
// ---------------------------------------------------------------------------------------------------------

const clinicalMedicineQuestions: DemoQuestion[] = [
  {
    question:
      'A 58-year-old man has central chest pain. His ECG shows ST-segment elevation in leads II, III and ' +
      'aVF. Which myocardial territory is affected?',
    options: ['Anterior', 'Lateral', 'Inferior', 'Septal'],
    correctAnswer: 2,
    explanation:
      'Leads II, III and aVF face the inferior surface of the heart, which is most often supplied by the ' +
      'right coronary artery. Anterior changes appear in V1–V4 and lateral changes in I, aVL, V5 and V6.',
    rationales: [
      'Anterior infarction shows ST elevation in the precordial leads V1–V4 and usually comes ' +
        'from the left anterior descending artery; it does not appear in II, III and aVF.',
      'Lateral infarction shows in I, aVL, V5 and V6, usually from the circumflex artery ' +
        'or a diagonal branch; II, III and aVF do not face the lateral wall.',
      'II, III and aVF look at the inferior (diaphragmatic) surface of the heart, which ' +
        'the right coronary artery supplies in most people (the circumflex in the rest). ' +
        'Reciprocal ST depression in I and aVL supports the diagnosis.',
      'Septal changes appear in V1 and V2, which overlie the interventricular septum ' +
        'supplied by septal branches of the left anterior descending artery.',
    ],
    objective: 'Inferior STEMI shows in II, III and aVF, usually from the right coronary artery.',
    references: [
      REF.niceNg185,
      {
        title:
          'Byrne RA et al. 2023 ESC Guidelines for the management of acute ' +
          'coronary syndromes. Eur Heart J 2023;44:3720–3826',
        url: null,
      },
    ],
  },
  {
    question: 'Which organism is the most common cause of community-acquired pneumonia in adults in the UK?',
    options: [
      'Staphylococcus aureus',
      'Haemophilus influenzae',
      'Mycoplasma pneumoniae',
      'Legionella pneumophila',
      'Klebsiella pneumoniae',
      'Streptococcus pneumoniae',
    ],
    correctAnswer: 5,
    explanation:
      'Streptococcus pneumoniae (pneumococcus) is the commonest cause of community-acquired pneumonia. The ' +
      'other organisms are important but less frequent, and are often suspected in particular contexts ' +
      '(for example S. aureus after influenza, Legionella after exposure to contaminated water systems).',
    rationales: [
      'Staphylococcus aureus is an uncommon cause of community-acquired pneumonia, typically ' +
        'severe and cavitating after influenza; it is not the commonest organism.',
      'Haemophilus influenzae is a recognised cause, especially in people ' +
        'with COPD, but is found far less often than pneumococcus.',
      'Mycoplasma pneumoniae is the commonest atypical cause, mainly in younger adults and ' +
        'in epidemics every few years, sometimes with extrapulmonary features such as cold ' +
        'agglutinin haemolysis; overall it is less frequent than pneumococcus.',
      'Legionella is uncommon and is suspected after exposure to contaminated ' +
        'water systems (hotels, air-conditioning, spa pools), often with severe ' +
        'illness, hyponatraemia and deranged liver tests.',
      'Klebsiella pneumoniae rarely causes community-acquired pneumonia; it is seen mainly in ' +
        'people with alcohol dependence or diabetes, with upper-lobe consolidation and cavitation.',
      'Streptococcus pneumoniae is the commonest cause of community-acquired ' +
        'pneumonia in UK adults, which is why first-line empirical antibiotics ' +
        '(amoxicillin for low-severity disease) are chosen to cover it.',
    ],
    objective:
      'Streptococcus pneumoniae is the commonest cause of community-acquired pneumonia in UK adults.',
    references: [REF.btsCap2009, REF.niceNg250],
  },
  {
    question:
      'Which of the following is NOT a component of the CURB-65 severity score for community-acquired ' +
      'pneumonia?',
    options: [
      'New-onset confusion',
      'Blood urea above 7 mmol/L',
      'Respiratory rate of 30 breaths/min or more',
      'Oxygen saturation below 92% on air',
      'Age 65 years or older',
    ],
    correctAnswer: 3,
    explanation:
      'CURB-65 comprises Confusion, Urea above 7 mmol/L, Respiratory rate of 30/min or more, low Blood ' +
      'pressure (systolic below 90 or diastolic 60 mmHg or less) and age 65 or over. Oxygen saturation ' +
      'matters clinically but is not part of the score.',
    rationales: [
      'New-onset confusion (an abbreviated mental test score of 8 or less, or new ' +
        'disorientation in person, place or time) is the C of CURB-65, so it is a component.',
      'A blood urea above 7 mmol/L is the U of CURB-65; because it needs a ' +
        'blood test, the community version (CRB65) leaves it out.',
      'A respiratory rate of 30 breaths/min or more is the R of CURB-65, so it is part of the score.',
      'Oxygen saturation is not in CURB-65, although hypoxaemia marks severe ' +
        'pneumonia and needs oxygen and senior review whatever the score.',
      'Age 65 years or older is the 65 of CURB-65 and scores 1 point.',
    ],
    objective:
      'CURB-65 scores Confusion, Urea above 7 mmol/L, Respiratory rate of 30/min or more, low ' +
      'Blood pressure and age 65 or over, and does not include oxygen saturation.',
    references: [
      {
        title:
          'Lim WS et al. Defining community acquired pneumonia severity on presentation to hospital: an ' +
          'international derivation and validation study (CURB-65). Thorax 2003;58:377–82',
        url: 'https://doi.org/10.1136/thorax.58.5.377',
      },
      REF.niceNg250,
    ],
  },
  {
    question:
      'An adult with diabetic ketoacidosis has started IV 0.9% sodium chloride. According to Joint British ' +
      'Diabetes Societies (JBDS) guidance, how should insulin be given?',
    options: [
      'Fixed-rate IV insulin infusion at 0.1 units/kg/hour',
      'Variable-rate IV insulin infusion adjusted to hourly glucose only',
      'Subcutaneous rapid-acting insulin every 4 hours',
      'A single IV bolus of 10 units of insulin, then stop',
    ],
    correctAnswer: 0,
    explanation:
      'JBDS guidance uses a weight-based fixed-rate IV insulin infusion of 0.1 units/kg/hour to switch off ' +
      'ketogenesis. When glucose falls below 14 mmol/L, 10% glucose is added so that insulin can keep ' +
      'clearing ketones (the 2023 update also allows the rate to be lowered to 0.05 units/kg/hour then).',
    rationales: [
      'JBDS recommends a fixed-rate IV insulin infusion of 0.1 units/kg/hour (estimating ' +
        'weight if necessary) to suppress ketogenesis, aiming to lower blood ketones by at ' +
        'least 0.5 mmol/L per hour. Once glucose falls below 14 mmol/L, 10% glucose is added so ' +
        'that insulin can keep clearing ketones without causing hypoglycaemia.',
      'A variable-rate infusion titrated to glucose alone would cut the insulin as glucose ' +
        'normalises while ketoacidosis persists; in DKA JBDS uses a fixed weight-based rate, and ' +
        'variable-rate infusions belong to other situations such as hyperglycaemia in people who ' +
        'cannot eat.',
      'Subcutaneous rapid-acting insulin is absorbed unpredictably in a dehydrated, ' +
        'acidotic patient, so JBDS does not use it to treat DKA in adults. It is ' +
        'restarted once ketoacidosis has resolved and the person is eating, while any ' +
        'usual long-acting basal insulin is continued throughout.',
      'IV insulin acts for only minutes, so a single bolus cannot suppress ketogenesis for ' +
        'the hours needed; DKA is treated with a continuous fixed-rate infusion.',
    ],
    objective:
      'In adult DKA, JBDS uses a fixed-rate IV insulin infusion of 0.1 ' +
      'units/kg/hour and adds 10% glucose when glucose falls below 14 mmol/L.',
    references: [REF.jbdsDka],
  },
  {
    question:
      "Which electrolyte pattern is classically seen in primary adrenal insufficiency (Addison's disease)?",
    options: [
      'Hypernatraemia and hypokalaemia',
      'Hyponatraemia and hyperkalaemia',
      'Hyponatraemia and hypokalaemia',
      'Hypernatraemia and hyperkalaemia',
    ],
    correctAnswer: 1,
    explanation:
      'Loss of aldosterone leads to renal sodium loss and potassium retention, giving hyponatraemia and ' +
      'hyperkalaemia. Hypernatraemia with hypokalaemia points instead towards primary hyperaldosteronism ' +
      "(Conn's).",
    rationales: [
      'High (or high-normal) sodium with low potassium reflects aldosterone excess, as in primary ' +
        "hyperaldosteronism (Conn's syndrome), the opposite of adrenal insufficiency.",
      'Destruction of the adrenal cortex removes aldosterone, so the kidneys lose sodium and retain ' +
        'potassium, and cortisol deficiency adds to the hyponatraemia. Hyperkalaemia points to ' +
        'primary disease, because aldosterone is preserved in secondary (pituitary) adrenal ' +
        'insufficiency.',
      'Low sodium with low potassium suggests other causes, such as thiazide diuretics or vomiting ' +
        'and diarrhoea; aldosterone deficiency raises potassium rather than lowering it.',
      'Aldosterone deficiency lowers sodium rather than raising it; a raised sodium with a raised ' +
        'potassium suggests something else, such as water loss with impaired kidney function.',
    ],
    objective:
      'Primary adrenal insufficiency causes hyponatraemia with ' +
      'hyperkalaemia because aldosterone is lost.',
    references: [
      {
        title:
          'Bornstein SR et al. Diagnosis and treatment of primary adrenal insufficiency: an Endocrine ' +
          'Society clinical practice guideline. J Clin Endocrinol Metab 2016;101:364–89',
        url: null,
      },
      { title: "NICE Clinical Knowledge Summaries: Addison's disease", url: 'https://cks.nice.org.uk/' },
    ],
  },
  {
    question: 'Which thyroid function test result is typical of primary hypothyroidism?',
    options: [
      'Low TSH, raised free T4',
      'Low TSH, low free T4',
      'Raised TSH, raised free T4',
      'Raised TSH, low free T4',
    ],
    correctAnswer: 3,
    explanation:
      'In primary hypothyroidism the failing thyroid makes less T4, and the loss of negative feedback ' +
      'raises TSH. A low TSH with a low free T4 suggests secondary (pituitary) hypothyroidism.',
    rationales: [
      'Low TSH with raised free T4 is the pattern of primary hyperthyroidism (for ' +
        "example Graves' disease), where excess thyroid hormone suppresses TSH.",
      'A low (or inappropriately normal) TSH with low free T4 means the pituitary is ' +
        'not responding to low hormone levels: this suggests secondary (central) ' +
        'hypothyroidism or non-thyroidal illness, not primary thyroid failure.',
      'Raised TSH with raised free T4 is unusual and suggests a TSH-secreting pituitary adenoma, ' +
        'thyroid hormone resistance, assay interference or erratic levothyroxine adherence.',
      'The failing gland makes less T4 and the pituitary responds by raising TSH; a ' +
        'raised TSH with a normal free T4 is subclinical hypothyroidism.',
    ],
    objective: 'Primary hypothyroidism shows a raised TSH with a low free T4.',
    references: [REF.niceNg145],
  },
  {
    question:
      'Which of the following meets the NICE (KDIGO-based) definition of acute kidney injury in adults?',
    options: [
      'An eGFR below 60 mL/min/1.73 m² for more than 3 months',
      'A rise in serum creatinine of 26 micromol/L or more within 48 hours',
      'A urine output below 1 mL/kg/hour for 2 hours',
      'A single serum urea above 7 mmol/L',
    ],
    correctAnswer: 1,
    explanation:
      'AKI is defined by a creatinine rise of 26 micromol/L or more within 48 hours, a rise of 50% or more ' +
      'within 7 days, or urine output below 0.5 mL/kg/hour for more than 6 hours. A reduced eGFR ' +
      'persisting for over 3 months describes chronic kidney disease.',
    rationales: [
      'A reduced eGFR persisting for more than 3 months describes chronic kidney ' +
        'disease; acute kidney injury is defined by a change over hours to days.',
      'NICE (using KDIGO criteria) defines AKI as a rise in creatinine of 26 ' +
        'micromol/L or more within 48 hours, a rise of 50% or more within 7 days, ' +
        'or urine output below 0.5 mL/kg/hour for more than 6 hours.',
      'The urine output criterion is below 0.5 mL/kg/hour for more than 6 hours; an output ' +
        'just under 1 mL/kg/hour for 2 hours is not oliguria and does not define AKI.',
      'Urea is not part of the AKI definition: it rises with dehydration, upper gastrointestinal ' +
        'bleeding, high protein intake and steroids, so a single value cannot define kidney injury.',
    ],
    objective:
      'AKI is a creatinine rise of 26 micromol/L or more within 48 hours, a rise of 50% or more ' +
      'within 7 days, or urine output below 0.5 mL/kg/hour for more than 6 hours.',
    references: [
      REF.niceNg148,
      {
        title: 'KDIGO Clinical Practice Guideline for Acute Kidney Injury (2012)',
        url: 'https://kdigo.org/',
      },
    ],
  },
  {
    question:
      'A patient has a serum potassium of 7.1 mmol/L with peaked T waves and broad QRS complexes on the ' +
      'ECG. Which treatment is given first to stabilise the myocardium?',
    options: [
      'IV insulin with glucose',
      'Nebulised salbutamol',
      'Oral calcium polystyrene sulfonate (Calcium Resonium)',
      'IV furosemide',
      'IV calcium gluconate',
    ],
    correctAnswer: 4,
    explanation:
      'IV calcium (gluconate or chloride) stabilises the cardiac membrane within minutes but does not ' +
      'lower potassium. Insulin–glucose and salbutamol shift potassium into cells, while potassium binders ' +
      'remove it from the body much more slowly.',
    rationales: [
      'Insulin with glucose is the main treatment to shift potassium into cells and lowers it ' +
        'within 15–30 minutes, but it does not protect the heart; with ECG changes it follows IV ' +
        'calcium.',
      'Nebulised salbutamol is an adjunct that shifts potassium into cells alongside ' +
        'insulin–glucose; it does not stabilise the myocardium and is unreliable on its own.',
      'Potassium binders such as calcium polystyrene sulfonate remove ' +
        'potassium through the gut over hours to days, so they have no place ' +
        'in the immediate treatment of a patient with ECG changes.',
      'Furosemide increases renal potassium loss only when the kidneys work and the patient is not ' +
        'volume depleted; it is slow, unreliable and does nothing to protect the heart.',
      'IV calcium (30 mL of 10% calcium gluconate, or 10 mL of 10% calcium chloride) ' +
        'antagonises the effect of potassium on the cardiac membrane within minutes. It ' +
        'does not lower potassium and lasts only 30–60 minutes, so it is repeated if ECG ' +
        'changes persist while potassium-lowering treatment is given.',
    ],
    objective:
      'In hyperkalaemia with ECG changes, give IV calcium first to protect ' +
      'the heart, then insulin–glucose to lower the potassium.',
    references: [REF.ukkaHyperkalaemia, REF.rcukAls],
  },
  {
    question:
      'According to NICE, which score should be used at first assessment of a patient with acute upper ' +
      'gastrointestinal bleeding, before endoscopy?',
    options: ['Glasgow-Blatchford score', 'Child-Pugh score', 'Wells score', 'CHA2DS2-VASc score'],
    correctAnswer: 0,
    explanation:
      'NICE recommends the Glasgow-Blatchford score at first assessment and the full Rockall score after ' +
      'endoscopy. Child-Pugh grades the severity of cirrhosis and the Wells score estimates the ' +
      'probability of venous thromboembolism.',
    rationales: [
      'The Glasgow-Blatchford score uses urea, haemoglobin, systolic pressure, pulse, melaena, ' +
        'syncope, and liver or heart failure to identify who needs intervention, and NICE advises ' +
        'considering early discharge when it is 0. The full Rockall score is used after endoscopy.',
      'Child-Pugh grades the severity of chronic liver disease (bilirubin, albumin, INR, ascites ' +
        'and encephalopathy); it is not a score for triaging a gastrointestinal bleed.',
      'The Wells score estimates the clinical probability of deep vein thrombosis or ' +
        'pulmonary embolism, not the risk from a gastrointestinal bleed.',
      'CHA2DS2-VASc estimates stroke risk in atrial fibrillation to guide ' +
        'anticoagulation; it has no role in assessing upper gastrointestinal bleeding.',
    ],
    objective:
      'In acute upper GI bleeding, use the Glasgow-Blatchford score ' +
      'before endoscopy and the full Rockall score after it.',
    references: [REF.niceCg141],
  },
  {
    question:
      'A 24-year-old woman has bloating, loose stools and iron-deficiency anaemia. She eats a normal diet ' +
      'containing gluten. What is the recommended first-line test for coeliac disease?',
    options: [
      'Anti-mitochondrial antibodies',
      'Anti-smooth muscle antibodies',
      'Total IgA and IgA tissue transglutaminase (tTG) antibodies',
      'Perinuclear ANCA (p-ANCA)',
    ],
    correctAnswer: 2,
    explanation:
      'NICE recommends total IgA plus IgA tTG as first-choice serology; total IgA is measured because IgA ' +
      'deficiency causes false-negative results. The person must be eating gluten in more than one meal a ' +
      'day for at least 6 weeks before testing.',
    rationales: [
      'Anti-mitochondrial antibodies are the marker of primary biliary cholangitis, a ' +
        'cholestatic liver disease, and play no part in testing for coeliac disease.',
      'Anti-smooth muscle antibodies support a diagnosis of autoimmune hepatitis, not coeliac disease.',
      'IgA tTG is the first-line test, and total IgA is measured with it because IgA ' +
        'deficiency (commoner in coeliac disease) gives a false negative; if IgA is deficient ' +
        'an IgG-based test (IgG EMA, IgG DGP or IgG tTG) is used. The person must have been ' +
        'eating gluten in more than one meal a day for at least 6 weeks.',
      'Perinuclear ANCA is associated with ulcerative colitis, primary sclerosing ' +
        'cholangitis and some small-vessel vasculitides, not coeliac disease.',
    ],
    objective: 'Test for coeliac disease with total IgA and IgA tTG while the person is eating gluten.',
    references: [REF.niceNg20],
  },
  {
    question:
      'A 62-year-old White British man without diabetes has confirmed stage 2 hypertension. Following NICE ' +
      'guidance, which is the most appropriate first-line antihypertensive?',
    options: ['Ramipril', 'Amlodipine', 'Bisoprolol', 'Doxazosin'],
    correctAnswer: 1,
    explanation:
      'NICE recommends a calcium-channel blocker at step 1 for people aged 55 or over, and for people of ' +
      'Black African or African-Caribbean family origin, who do not have type 2 diabetes. An ACE inhibitor ' +
      'or ARB is first line for people under 55 or with type 2 diabetes.',
    rationales: [
      'An ACE inhibitor (or ARB) is step 1 for people under 55 or with type 2 diabetes; this ' +
        '62-year-old man without diabetes should start with a calcium-channel blocker.',
      'NICE recommends a calcium-channel blocker such as amlodipine at step 1 for ' +
        'people aged 55 or over, and for people of Black African or African-Caribbean ' +
        'family origin, without type 2 diabetes; a thiazide-like diuretic is an ' +
        'alternative if a calcium-channel blocker is not suitable.',
      'Beta-blockers are not first-line for uncomplicated hypertension in NICE ' +
        'guidance; they are considered only later for resistant hypertension, or when ' +
        'there is another indication such as angina or heart failure.',
      'Alpha-blockers such as doxazosin are considered only for resistant ' +
        'hypertension at step 4, not as first-line treatment.',
    ],
    objective:
      'For hypertension in someone aged 55 or over without type 2 ' +
      'diabetes, NICE recommends a calcium-channel blocker first.',
    references: [REF.niceNg136],
  },
  {
    question:
      'A 70-year-old woman develops sudden right arm weakness and expressive dysphasia that began 90 ' +
      'minutes ago. Which investigation is needed before thrombolysis can be considered?',
    options: [
      'MRI brain within 24 hours',
      'Carotid Doppler ultrasound',
      'Lumbar puncture',
      'Immediate non-contrast CT head',
    ],
    correctAnswer: 3,
    explanation:
      'Intracerebral haemorrhage must be excluded before thrombolysis, so NICE recommends immediate ' +
      'non-contrast CT for suspected acute stroke when thrombolysis or thrombectomy may be indicated. ' +
      'Waiting for MRI, Doppler or lumbar puncture would delay time-critical treatment.',
    rationales: [
      'MRI with diffusion-weighted imaging is more sensitive for small ' +
        'infarcts but is not needed to decide on thrombolysis, and waiting up ' +
        'to 24 hours would take her well beyond the 4.5-hour window.',
      'Carotid imaging looks for a stenosis suitable for endarterectomy after a TIA or ' +
        'non-disabling stroke; it does not exclude haemorrhage and would delay reperfusion.',
      'Lumbar puncture has no role in suspected ischaemic stroke; it is used ' +
        'when subarachnoid haemorrhage is suspected despite a normal CT, and a ' +
        'recent lumbar puncture counts against thrombolysis.',
      'Immediate non-contrast CT excludes intracerebral haemorrhage (and mimics such ' +
        'as a tumour) so that thrombolysis can be given within 4.5 hours of onset; CT ' +
        'angiography is added when thrombectomy may be indicated.',
    ],
    objective:
      'Suspected acute stroke needs immediate non-contrast CT ' +
      'head to exclude haemorrhage before thrombolysis.',
    references: [REF.niceNg128],
  },
  {
    question:
      "A 45-year-old woman describes a sudden, severe 'worst ever' headache that peaked within a minute. " +
      'What is the most common cause of non-traumatic subarachnoid haemorrhage?',
    options: [
      'Ruptured saccular (berry) aneurysm',
      'Arteriovenous malformation',
      'Hypertensive small-vessel disease',
      'Cerebral venous sinus thrombosis',
    ],
    correctAnswer: 0,
    explanation:
      'Around 85% of non-traumatic subarachnoid haemorrhages result from rupture of a saccular (berry) ' +
      'aneurysm, usually on or near the circle of Willis. Arteriovenous malformations are a less common ' +
      'cause.',
    rationales: [
      'About 80–85% of non-traumatic subarachnoid haemorrhages come from a ruptured saccular ' +
        'aneurysm, usually at a branching point on or near the circle of Willis; a sudden ' +
        "'thunderclap' headache peaking within minutes is the classic presentation.",
      'Arteriovenous malformations cause only a minority of subarachnoid bleeds and ' +
        'more often bleed into the brain itself, typically in younger people.',
      'Hypertensive small-vessel disease causes deep intracerebral haemorrhage (basal ' +
        'ganglia, thalamus, pons or cerebellum), not bleeding into the subarachnoid space.',
      'Cerebral venous sinus thrombosis usually causes a subacute headache with raised ' +
        'intracranial pressure, seizures or venous infarcts, and only rarely subarachnoid blood.',
    ],
    objective:
      'Most non-traumatic subarachnoid haemorrhages are caused by a ruptured saccular (berry) aneurysm.',
    references: [REF.niceNg228],
  },
  {
    question: "Which tremor is most characteristic of idiopathic Parkinson's disease?",
    options: [
      'Intention tremor that worsens as the hand approaches a target',
      'Bilateral postural tremor that improves with alcohol',
      "Asymmetric resting 'pill-rolling' tremor",
      'Coarse flapping tremor of the outstretched hands',
    ],
    correctAnswer: 2,
    explanation:
      "Parkinson's tremor is typically an asymmetric 4–6 Hz resting tremor that lessens on movement. " +
      'Intention tremor suggests cerebellar disease, an alcohol-responsive postural tremor suggests ' +
      'essential tremor, and a flapping tremor (asterixis) suggests metabolic encephalopathy.',
    rationales: [
      'Intention tremor, worsening as the hand approaches a target, is a sign ' +
        'of cerebellar disease (for example multiple sclerosis, stroke or ' +
        "alcohol-related degeneration), not Parkinson's disease.",
      'A bilateral postural or action tremor that improves with alcohol, ' +
        'often with a family history, is typical of essential tremor.',
      "Parkinson's tremor is a 4–6 Hz resting tremor, usually starting on one side, " +
        'that lessens on movement; the diagnosis also requires bradykinesia.',
      'A coarse flapping tremor (asterixis) of the outstretched hands points to a metabolic ' +
        'encephalopathy such as liver failure, uraemia or carbon dioxide retention.',
    ],
    objective:
      "Parkinson's disease typically causes an asymmetric resting " +
      "'pill-rolling' tremor that lessens on movement.",
    references: [REF.niceNg71],
  },
  {
    question:
      'Which drug has been shown to reduce mortality in heart failure with reduced ejection fraction?',
    options: ['Furosemide', 'Bisoprolol', 'Digoxin', 'Amlodipine', 'Verapamil'],
    correctAnswer: 1,
    explanation:
      'Beta-blockers licensed for heart failure (bisoprolol, carvedilol, nebivolol) reduce mortality in ' +
      'HFrEF. Loop diuretics and digoxin relieve symptoms without a proven mortality benefit, and ' +
      'rate-limiting calcium-channel blockers such as verapamil should be avoided.',
    rationales: [
      'Loop diuretics relieve congestion and breathlessness but have not been shown to reduce ' +
        'mortality, so they are used for symptoms alongside prognostic treatment.',
      'Bisoprolol (like carvedilol and nebivolol) reduces mortality and admissions in heart failure ' +
        'with reduced ejection fraction; NICE recommends it alongside an ACE inhibitor, a ' +
        'mineralocorticoid receptor antagonist and an SGLT2 inhibitor, starting low and titrating ' +
        'slowly.',
      'Digoxin reduces hospital admissions and helps rate control in atrial fibrillation, but ' +
        'it did not reduce mortality in heart failure with reduced ejection fraction.',
      'Amlodipine is neutral for mortality in heart failure: it can treat ' +
        'hypertension or angina in these patients but gives no prognostic benefit.',
      'Verapamil is negatively inotropic and can worsen heart failure, so NICE advises avoiding ' +
        'rate-limiting calcium-channel blockers in heart failure with reduced ejection fraction.',
    ],
    objective:
      'Beta-blockers licensed for heart failure, such as bisoprolol, reduce mortality ' +
      'in HFrEF, whereas loop diuretics and digoxin only relieve symptoms.',
    references: [REF.niceNg106],
  },
  {
    question: 'Which murmur is typical of aortic stenosis?',
    options: [
      'Ejection systolic murmur at the right upper sternal edge radiating to the carotids',
      'Pansystolic murmur at the apex radiating to the axilla',
      'Early diastolic murmur at the left lower sternal edge',
      'Mid-diastolic rumbling murmur at the apex',
    ],
    correctAnswer: 0,
    explanation:
      'Aortic stenosis causes an ejection systolic murmur heard best in the aortic area and radiating to ' +
      'the carotids. A pansystolic murmur radiating to the axilla suggests mitral regurgitation, an early ' +
      'diastolic murmur aortic regurgitation, and a mid-diastolic apical rumble mitral stenosis.',
    rationales: [
      'Turbulent flow through a narrowed aortic valve causes a crescendo–decrescendo ' +
        'ejection systolic murmur, loudest in the aortic area and radiating to the carotids; a ' +
        'soft second heart sound and a slow-rising pulse suggest severe stenosis.',
      'A pansystolic murmur at the apex radiating to the axilla is mitral ' +
        'regurgitation, from backflow into the left atrium throughout systole.',
      'An early diastolic murmur at the left lower sternal edge, loudest with the ' +
        'patient sitting forward in expiration, is aortic regurgitation.',
      'A low-pitched mid-diastolic rumble at the apex, heard best with the ' +
        'bell in the left lateral position, is mitral stenosis.',
    ],
    objective:
      'Aortic stenosis causes an ejection systolic murmur in ' +
      'the aortic area that radiates to the carotids.',
    references: [REF.niceNg208],
  },
  {
    question: 'Which spirometry result confirms airflow obstruction consistent with COPD?',
    options: [
      'Reduced FVC with an FEV1/FVC ratio above 0.8',
      'Raised transfer factor (TLCO)',
      'Normal FEV1 and FVC at rest',
      'Post-bronchodilator FEV1/FVC ratio below 0.7',
    ],
    correctAnswer: 3,
    explanation:
      'NICE uses a post-bronchodilator FEV1/FVC ratio below 0.7 to confirm airflow obstruction. A reduced ' +
      'FVC with a normal or high ratio suggests a restrictive pattern, and transfer factor is usually ' +
      'reduced, not raised, in emphysema.',
    rationales: [
      'A reduced FVC with a normal or high FEV1/FVC ratio is a restrictive pattern, as in ' +
        'interstitial lung disease, chest wall disease or obesity, not airflow obstruction.',
      'Transfer factor is usually reduced in COPD, especially emphysema, ' +
        'because alveolar surface is destroyed; a raised TLCO suggests another ' +
        'process such as pulmonary haemorrhage or polycythaemia.',
      'Normal FEV1 and FVC at rest show no airflow obstruction, so they cannot confirm COPD.',
      'NICE confirms airflow obstruction with a post-bronchodilator FEV1/FVC ' +
        'ratio below 0.7 in someone with symptoms and risk factors; FEV1 as a ' +
        'percentage of predicted then grades its severity.',
    ],
    objective: 'COPD is confirmed by a post-bronchodilator FEV1/FVC ratio below 0.7.',
    references: [REF.niceNg115],
  },
  {
    question:
      'A haemodynamically stable patient with suspected pulmonary embolism has a two-level PE Wells score ' +
      'of 6. What is the most appropriate next investigation?',
    options: [
      'D-dimer, with imaging only if it is raised',
      'Chest X-ray alone',
      'CT pulmonary angiogram (CTPA)',
      'Transthoracic echocardiogram',
    ],
    correctAnswer: 2,
    explanation:
      "When PE is 'likely' (Wells score above 4), NICE recommends an immediate CTPA, with interim " +
      'anticoagulation if imaging will be delayed. D-dimer testing is used to help rule out PE when the ' +
      "Wells score is 4 or less ('unlikely').",
    rationales: [
      "D-dimer is used only when PE is 'unlikely' (Wells score 4 or less); with a Wells score " +
        'above 4 a negative D-dimer cannot safely exclude PE, so imaging is needed anyway.',
      'A chest X-ray is often normal in PE and can neither confirm nor exclude it; it ' +
        'helps to find other causes and to choose between CTPA and a V/Q scan.',
      "When PE is 'likely' (Wells score above 4), NICE recommends an immediate CTPA, " +
        'with interim therapeutic anticoagulation if it cannot be done at once.',
      'Echocardiography can show right ventricular strain and is used in haemodynamically unstable ' +
        'patients who cannot have a CTPA, but it does not diagnose PE in a stable patient.',
    ],
    objective:
      'When the two-level Wells score makes PE likely (above 4), go straight ' +
      'to CTPA, anticoagulating in the meantime if it is delayed.',
    references: [REF.niceNg158],
  },
  {
    question:
      'A trauma patient is hypoxic and hypotensive, with the trachea deviated to the left and absent ' +
      'breath sounds and hyper-resonance on the right. What is the most appropriate immediate action?',
    options: [
      'Urgent chest X-ray to confirm the diagnosis',
      'Immediate decompression of the right hemithorax (needle or finger thoracostomy)',
      'CT chest',
      'Arterial blood gas before any intervention',
    ],
    correctAnswer: 1,
    explanation:
      'This is a right-sided tension pneumothorax, a clinical diagnosis that is immediately ' +
      'life-threatening. It must be decompressed without waiting for imaging, followed by chest drain ' +
      'insertion.',
    rationales: [
      'Tension pneumothorax is a clinical diagnosis; waiting for a chest ' +
        'X-ray in a hypoxic, hypotensive patient risks cardiac arrest.',
      'The signs show a right tension pneumothorax with shock, so the right side is decompressed at ' +
        'once, by needle decompression or finger thoracostomy (in adults usually the 4th or 5th ' +
        'intercostal space just anterior to the mid-axillary line), followed by a chest drain.',
      'CT would mean moving an unstable, peri-arrest patient away from ' +
        'resuscitation for a diagnosis that is already clear clinically.',
      'An arterial blood gas adds nothing to the immediate decision and delays the ' +
        'life-saving intervention; it can be taken after decompression.',
    ],
    objective:
      'Tension pneumothorax is a clinical diagnosis treated by ' +
      'immediate decompression, without waiting for imaging.',
    references: [
      REF.niceNg39,
      {
        title:
          'American College of Surgeons: Advanced Trauma Life ' +
          'Support (ATLS) Student Course Manual, 10th edition',
        url: null,
      },
    ],
  },
  {
    question:
      'An adult with type 1 diabetes is alert and able to swallow. Capillary glucose is 3.2 mmol/L. What ' +
      'is the most appropriate initial treatment?',
    options: [
      'IM glucagon 1 mg',
      'IV 50% glucose',
      'A slowly absorbed snack such as a wholemeal sandwich only',
      '15–20 g of quick-acting carbohydrate, such as glucose tablets or fruit juice',
    ],
    correctAnswer: 3,
    explanation:
      'JBDS guidance for a conscious adult who can swallow is 15–20 g of quick-acting carbohydrate, ' +
      'rechecking glucose after 10–15 minutes and then giving longer-acting carbohydrate once it is above ' +
      '4 mmol/L. Glucagon and IV glucose are reserved for people who cannot safely take oral treatment.',
    rationales: [
      'IM glucagon is for people who cannot take oral treatment safely, such as those with ' +
        'reduced consciousness or who are nil by mouth; it works less well after prolonged ' +
        'fasting, in liver disease or with sulfonylurea-induced hypoglycaemia.',
      'IV glucose is for people who cannot swallow, and JBDS recommends 10% or 20% glucose ' +
        'rather than 50%, which is hypertonic and damages veins if it extravasates.',
      'Slowly absorbed carbohydrate on its own raises glucose too slowly; a longer-acting snack is ' +
        'given only after quick-acting carbohydrate has brought glucose above 4 mmol/L.',
      'For a conscious adult who can swallow, JBDS recommends 15–20 g of quick-acting ' +
        'carbohydrate (such as glucose tablets or 150–200 mL of pure fruit juice), rechecking ' +
        'after 10–15 minutes and repeating up to 3 times if glucose is still below 4 mmol/L.',
    ],
    objective:
      'Treat hypoglycaemia in a conscious adult who can swallow with 15–20 g of ' +
      'quick-acting carbohydrate, then recheck glucose after 10–15 minutes.',
    references: [REF.jbdsHypo],
  },
  {
    question: "What is the most common cause of Cushing's syndrome overall?",
    options: [
      'ACTH-secreting pituitary adenoma',
      'Exogenous (iatrogenic) glucocorticoid therapy',
      'Cortisol-secreting adrenal adenoma',
      'Ectopic ACTH secretion from small-cell lung cancer',
    ],
    correctAnswer: 1,
    explanation:
      "Long-term glucocorticoid treatment is the commonest cause of Cushing's syndrome overall. Among " +
      "endogenous causes, an ACTH-secreting pituitary adenoma (Cushing's disease) is the most common.",
    rationales: [
      "An ACTH-secreting pituitary adenoma (Cushing's disease) is the commonest " +
        "endogenous cause, around 70% of endogenous cases, but endogenous Cushing's " +
        'syndrome is rare compared with steroid-induced disease.',
      'Long-term glucocorticoids (usually oral, occasionally high-dose inhaled or ' +
        "topical) are the commonest cause of Cushing's syndrome, so take a full " +
        'drug history before investigating for an endogenous cause.',
      'A cortisol-secreting adrenal adenoma is an ACTH-independent cause ' +
        'of a minority of endogenous cases, with suppressed ACTH.',
      'Ectopic ACTH, classically from small-cell lung cancer, is an uncommon ' +
        'cause that tends to present rapidly with hypokalaemia, weakness and ' +
        'pigmentation rather than the classic Cushingoid appearance.',
    ],
    objective:
      "Exogenous glucocorticoids are the commonest cause of Cushing's syndrome, " +
      'and a pituitary adenoma is the commonest endogenous cause.',
    references: [
      {
        title:
          "Nieman LK et al. The diagnosis of Cushing's syndrome: an Endocrine Society " +
          'clinical practice guideline. J Clin Endocrinol Metab 2008;93:1526–40',
        url: null,
      },
    ],
  },
  {
    question: 'Which combination of features defines nephrotic syndrome?',
    options: [
      'Haematuria, hypertension and oliguria',
      'Fever, loin pain and pyuria',
      'Heavy proteinuria, hypoalbuminaemia and oedema',
      'Polyuria, polydipsia and nocturia',
    ],
    correctAnswer: 2,
    explanation:
      'Nephrotic syndrome is heavy proteinuria (more than 3 g/24 hours in adults), hypoalbuminaemia and ' +
      'oedema, often with hyperlipidaemia. Haematuria, hypertension and oliguria describe a nephritic ' +
      'picture.',
    rationales: [
      'Haematuria, hypertension and oliguria (often with a rising creatinine) ' +
        'describe nephritic syndrome, caused by glomerular inflammation such as ' +
        'post-infectious or IgA-related glomerulonephritis.',
      'Fever, loin pain and pyuria suggest acute ' +
        'pyelonephritis, an infection of the upper urinary ' +
        'tract.',
      'Nephrotic syndrome is heavy proteinuria (more than 3 g/24 hours in adults), hypoalbuminaemia ' +
        'and oedema, often with hyperlipidaemia and an increased risk of thrombosis and infection.',
      'Polyuria, polydipsia and nocturia point to diabetes mellitus, ' +
        'diabetes insipidus or hypercalcaemia, not a glomerular disease.',
    ],
    objective:
      'Nephrotic syndrome is heavy proteinuria, hypoalbuminaemia and oedema, whereas ' +
      'haematuria, hypertension and oliguria suggest nephritic syndrome.',
    references: [
      {
        title: 'KDIGO 2021 Clinical Practice Guideline for the Management of Glomerular Diseases',
        url: 'https://kdigo.org/',
      },
    ],
  },
  {
    question: "Which feature is characteristic of ulcerative colitis rather than Crohn's disease?",
    options: [
      'Skip lesions with normal bowel between affected areas',
      'Transmural inflammation with non-caseating granulomas',
      'Perianal fistulae',
      'Continuous mucosal inflammation extending proximally from the rectum',
    ],
    correctAnswer: 3,
    explanation:
      'Ulcerative colitis starts in the rectum and extends proximally in a continuous pattern, affecting ' +
      'the mucosa only. Skip lesions, transmural inflammation, granulomas and perianal fistulae are ' +
      "features of Crohn's disease.",
    rationales: [
      "Skip lesions, with normal bowel between affected segments, are typical of Crohn's disease.",
      "Transmural inflammation and non-caseating granulomas are features of Crohn's " +
        'disease; ulcerative colitis is superficial and has no granulomas.',
      'Perianal fistulae and abscesses result from transmural ' +
        "inflammation and point to Crohn's disease.",
      'Ulcerative colitis always involves the rectum and extends proximally in a ' +
        'continuous pattern, is confined to the colon, and affects the mucosa only.',
    ],
    objective:
      'Ulcerative colitis is continuous mucosal inflammation spreading proximally ' +
      "from the rectum, whereas Crohn's disease is patchy and transmural.",
    references: [
      REF.niceNg130,
      {
        title:
          'Lamb CA et al. British Society of Gastroenterology consensus guidelines on the ' +
          'management of inflammatory bowel disease in adults. Gut 2019;68(Suppl 3):s1–s106',
        url: null,
      },
    ],
  },
  {
    question: 'Which cerebrospinal fluid findings are most consistent with acute bacterial meningitis?',
    options: [
      'Turbid fluid, raised neutrophils, raised protein and low glucose',
      'Clear fluid, raised lymphocytes and normal glucose',
      'Normal cell count with markedly raised protein',
      'Xanthochromia with a normal white cell count',
    ],
    correctAnswer: 0,
    explanation:
      'Bacterial meningitis typically produces a turbid CSF with a neutrophil-predominant pleocytosis, ' +
      'raised protein and low glucose. A lymphocytic CSF with normal glucose suggests viral meningitis; a ' +
      'raised protein with normal cells suggests Guillain–Barré syndrome; xanthochromia suggests ' +
      'subarachnoid haemorrhage.',
    rationales: [
      'Bacterial meningitis typically gives turbid CSF with a high neutrophil count, ' +
        'raised protein and a low CSF-to-blood glucose ratio, because bacteria and ' +
        'neutrophils consume glucose and its transport into the CSF is impaired.',
      'Clear CSF with lymphocytes and a normal glucose is the pattern of viral meningitis; ' +
        'tuberculous or fungal meningitis also gives lymphocytes, but with a low glucose.',
      'A raised protein with a normal cell count (albuminocytological ' +
        'dissociation) is characteristic of Guillain–Barré syndrome.',
      'Xanthochromia, the yellow colour of bilirubin from broken-down red cells, indicates ' +
        'subarachnoid haemorrhage and is looked for at least 12 hours after headache onset.',
    ],
    objective: 'Bacterial meningitis gives turbid CSF with neutrophils, raised protein and low glucose.',
    references: [REF.niceNg240],
  },
  {
    question:
      'A patient presents with suspected acute coronary syndrome. Unless contraindicated, which drug ' +
      'should be given as soon as possible?',
    options: [
      'Oral warfarin 10 mg',
      'IV furosemide 40 mg',
      'Aspirin 300 mg loading dose',
      'IV alteplase, before an ECG is recorded',
    ],
    correctAnswer: 2,
    explanation:
      'NICE recommends a single 300 mg loading dose of aspirin as soon as possible in suspected ACS unless ' +
      'there is aspirin allergy. Decisions about reperfusion and further antithrombotic therapy follow the ' +
      '12-lead ECG and risk assessment.',
    rationales: [
      'Warfarin has no role in the initial treatment of ACS: it takes days to ' +
        'act, and early antithrombotic treatment uses antiplatelet drugs with a ' +
        'parenteral anticoagulant such as fondaparinux or heparin.',
      'IV furosemide is for pulmonary oedema; it is not routine in ACS and may ' +
        'cause hypotension in a patient who is not fluid overloaded.',
      'NICE recommends a single 300 mg loading dose of aspirin as soon as possible in ' +
        'suspected ACS unless there is aspirin allergy, with further antiplatelet and ' +
        'reperfusion decisions based on the 12-lead ECG and risk assessment.',
      'Fibrinolysis is only for STEMI confirmed on a 12-lead ECG when primary PCI ' +
        'cannot be delivered within 120 minutes of when fibrinolysis could be given; ' +
        'without an ECG it risks serious bleeding for no benefit.',
    ],
    objective:
      'Give a single 300 mg loading dose of aspirin as soon as possible ' +
      'in suspected ACS unless the person is allergic to it.',
    references: [REF.niceNg185, REF.niceCg95],
  },
];

// ---------------------------------------------------------------------------------------------------------
// Exam 2 — Adult Nursing Fundamentals (nursing, £4.99)
// ---------------------------------------------------------------------------------------------------------

const adultNursingQuestions: DemoQuestion[] = [
  {
    question: "A patient's aggregate NEWS2 score is 7. What level of clinical response is required?",
    options: [
      'Continue routine observations at least every 12 hours',
      'Increase observations to at least every 4–6 hours and inform the registered nurse',
      'Urgent review by the ward medical team, with observations at least hourly',
      'Emergency response: immediate assessment by a team with critical care competencies and continuous ' +
        'monitoring',
    ],
    correctAnswer: 3,
    explanation:
      'A NEWS2 score of 7 or more is the threshold for an emergency response, with continuous monitoring ' +
      'of vital signs and usually transfer to a higher level of care. An aggregate score of 5 or 6 ' +
      'triggers an urgent response.',
    rationales: [
      'Routine observations at least every 12 hours are for an aggregate score of 0.',
      'Observations at least every 4–6 hours, with the registered nurse ' +
        'assessing the patient, are the response to a low score of 1–4.',
      'An urgent ward-based response with at least hourly observations is for an aggregate score of ' +
        '5–6, or a score of 3 in a single parameter; a score of 7 needs more than this.',
      '7 or more is the high-score threshold: inform the medical team immediately (at ' +
        'least at specialist registrar level), arrange emergency assessment by a team with ' +
        'critical care competencies including advanced airway skills, monitor vital signs ' +
        'continuously and consider transfer to level 2 or 3 care.',
    ],
    objective:
      'A NEWS2 aggregate score of 7 or more needs an emergency ' +
      'response with continuous monitoring of vital signs.',
    references: [REF.rcpNews2],
  },
  {
    question:
      'A patient who was fully orientated this morning is now newly confused, although they open their ' +
      'eyes spontaneously. How many points does this score in the consciousness parameter of NEWS2?',
    options: ['0', '1', '2', '3'],
    correctAnswer: 3,
    explanation:
      'NEWS2 uses ACVPU: new confusion, response only to voice or pain, and unresponsiveness all score 3. ' +
      'New confusion can be an early sign of sepsis, hypoxia or hypoglycaemia and needs urgent review.',
    rationales: [
      '0 is scored only when the patient is Alert; new confusion is a ' +
        'departure from that, even if the eyes open spontaneously.',
      'The consciousness parameter has no score of 1: a patient is either Alert (0) or ' +
        'newly Confused, responding only to Voice or Pain, or Unresponsive (all 3).',
      'The consciousness parameter has no score of 2; any new confusion scores 3.',
      'New confusion (the C of ACVPU) scores 3, the same as V, P or U, so on its ' +
        'own it is a single red score needing urgent clinical review, as it may ' +
        'reflect sepsis, hypoxia, hypoglycaemia or another acute illness.',
    ],
    objective:
      'In NEWS2, new-onset confusion scores 3 in the consciousness parameter, the ' +
      'same as responding only to voice or pain or being unresponsive.',
    references: [REF.rcpNews2],
  },
  {
    question: 'When should the SpO2 Scale 2 of NEWS2 be used?',
    options: [
      'For all patients with a diagnosis of COPD',
      'For patients with confirmed hypercapnic respiratory failure who have a prescribed target saturation ' +
        'of 88–92%',
      'For any patient receiving supplemental oxygen',
      'For all patients aged over 65',
      'For patients having an acute asthma attack',
    ],
    correctAnswer: 1,
    explanation:
      'Scale 2 is only for patients with hypercapnic respiratory failure (usually confirmed on blood gas) ' +
      'whose clinician has prescribed a target range of 88–92%. Using it for every patient with COPD risks ' +
      'missing dangerous hypoxaemia.',
    rationales: [
      'Most people with COPD do not retain carbon dioxide; using Scale 2 for all of them ' +
        'would score low saturations as normal and could miss dangerous hypoxaemia.',
      'Scale 2 is for patients with hypercapnic respiratory failure, usually confirmed ' +
        'on an arterial blood gas, whose prescribed target saturation is 88–92%; the ' +
        'decision is made by a competent clinician and recorded in the notes.',
      'Supplemental oxygen adds 2 points on either scale; it does not decide which SpO2 scale is used.',
      'Age is not a criterion for Scale 2; older patients without hypercapnic ' +
        'respiratory failure use Scale 1, with a target of 94–98%.',
      'People with acute asthma are given oxygen to keep saturation at 94–98% ' +
        '(Scale 1); a rising carbon dioxide in asthma is a life-threatening sign ' +
        'needing escalation, not a reason to accept lower saturations.',
    ],
    objective:
      'NEWS2 SpO2 Scale 2 is only for patients with confirmed hypercapnic ' +
      'respiratory failure and a prescribed target saturation of 88–92%.',
    references: [REF.rcpNews2, REF.btsOxygen],
  },
  {
    question:
      'A 70 kg adult has a urinary catheter. Below which hourly urine output would they be considered ' +
      'oliguric (less than 0.5 mL/kg/hour)?',
    options: ['10 mL/hour', '35 mL/hour', '70 mL/hour', '100 mL/hour'],
    correctAnswer: 1,
    explanation:
      'Oliguria is less than 0.5 mL/kg/hour: 0.5 × 70 kg = 35 mL/hour. Output below this for more than 6 ' +
      'hours meets the urine output criterion for acute kidney injury and should be escalated.',
    rationales: [
      '10 mL/hour is about 0.14 mL/kg/hour for a 70 kg adult: severe oliguria, well ' +
        'below the threshold, but not the point at which oliguria begins.',
      '0.5 mL/kg/hour × 70 kg = 35 mL/hour, so output below this is ' +
        'oliguria; sustained for more than 6 hours it meets the urine output ' +
        'criterion for acute kidney injury and should be escalated.',
      '70 mL/hour is 1 mL/kg/hour for a 70 kg adult, an adequate output rather than oliguria.',
      '100 mL/hour is about 1.4 mL/kg/hour for a 70 kg adult, a good urine output.',
    ],
    objective: 'Oliguria is urine output below 0.5 mL/kg/hour, which is 35 mL/hour for a 70 kg adult.',
    references: [REF.niceNg148],
  },
  {
    question: 'Which finding most suggests fluid overload?',
    options: [
      'Dry mucous membranes',
      'Reduced skin turgor',
      'Bibasal crackles, raised jugular venous pressure and peripheral oedema',
      'Dark, concentrated urine',
    ],
    correctAnswer: 2,
    explanation:
      'Crackles, a raised JVP and oedema indicate fluid overload, which may be accompanied by ' +
      'breathlessness and weight gain. Dry mucous membranes, reduced skin turgor and concentrated urine ' +
      'suggest dehydration.',
    rationales: [
      'Dry mucous membranes suggest dehydration, although mouth ' +
        'breathing and oxygen therapy also dry the mouth.',
      'Reduced skin turgor is a sign of dehydration, although it is ' +
        'unreliable in older people whose skin has lost its elasticity.',
      'Bibasal crackles, a raised JVP and peripheral oedema show fluid accumulating in the ' +
        'lungs and tissues; breathlessness, weight gain and a positive fluid balance are further ' +
        'clues, and the patient should be reviewed before any more fluid is given.',
      'Dark, concentrated urine reflects the kidneys ' +
        'conserving water in dehydration, not fluid overload.',
    ],
    objective:
      'Crackles, a raised JVP and peripheral oedema suggest fluid overload, whereas ' +
      'dry mucous membranes and concentrated urine suggest dehydration.',
    references: [REF.niceCg174],
  },
  {
    question:
      'You have cared for a patient with Clostridioides difficile diarrhoea. Which hand hygiene method ' +
      'should you use afterwards?',
    options: [
      'Washing with liquid soap and running water',
      'Alcohol-based hand rub',
      'Alcohol hand wipes',
      'Gloves alone, with no hand hygiene needed after removing them',
    ],
    correctAnswer: 0,
    explanation:
      'Alcohol does not kill C. difficile spores, so hands must be washed with soap and water, which ' +
      'removes spores mechanically. Gloves and aprons are also worn, but they never replace hand hygiene.',
    rationales: [
      'Washing with liquid soap and running water physically removes Clostridioides difficile ' +
        'spores, which alcohol does not kill; soap and water is also needed whenever hands are ' +
        'visibly soiled or after caring for anyone with vomiting or diarrhoea.',
      'Alcohol-based hand rub does not kill bacterial spores, so it leaves C. difficile ' +
        'on the hands even though it works against most vegetative bacteria.',
      'Alcohol wipes are no more effective against spores than alcohol rub, ' +
        'and wiping does not replace washing under running water.',
      'Hands can be contaminated through unseen glove defects and while removing ' +
        'gloves, so hand hygiene is always needed after taking them off.',
    ],
    objective:
      'After caring for a patient with Clostridioides difficile, wash hands ' +
      'with soap and water, because alcohol does not kill the spores.',
    references: [REF.nipcm, REF.pheCdiff],
  },
  {
    question: "According to the WHO 'My 5 Moments for Hand Hygiene', which situation requires hand hygiene?",
    options: [
      'Only when hands are visibly soiled',
      'Only if gloves were not worn during the contact',
      "After touching a patient's bed rails or bedside table, even without touching the patient",
      'Only before aseptic procedures, not after routine contact',
    ],
    correctAnswer: 2,
    explanation:
      'The five moments are: before touching a patient, before a clean or aseptic procedure, after body ' +
      "fluid exposure risk, after touching a patient and after touching a patient's surroundings. Wearing " +
      'gloves does not remove the need for hand hygiene.',
    rationales: [
      'Hand hygiene is needed at each of the five moments whether or not hands look dirty; ' +
        'visible soiling changes the method (soap and water instead of rub), not the need.',
      'Gloves do not replace hand hygiene: hands must still be cleaned ' +
        'before putting gloves on and after taking them off.',
      "Touching a patient's surroundings (bed rails, bedside table, equipment) is the fifth moment, " +
        'because organisms from the patient contaminate these surfaces and pass to hands.',
      'Before a clean or aseptic procedure is only one of the five moments; hand ' +
        'hygiene is also needed before touching a patient, after body fluid exposure ' +
        'risk, after touching a patient and after touching their surroundings.',
    ],
    objective:
      'The WHO five moments are before touching a patient, before a clean or aseptic procedure, ' +
      'after body fluid exposure risk, after touching a patient and after touching their ' +
      'surroundings.',
    references: [
      {
        title:
          "WHO Guidelines on Hand Hygiene in Health Care (2009), including 'My 5 Moments for Hand Hygiene'",
        url: 'https://www.who.int/',
      },
      REF.nhseHandHygienePpe,
    ],
  },
  {
    question: 'You sustain a needlestick injury from a used needle. What is the correct immediate first aid?',
    options: [
      'Encourage the wound to bleed gently and wash it with soap and running water',
      'Suck the wound to remove contaminated blood',
      'Scrub the wound vigorously with a nail brush and alcohol',
      'Cover the wound and report it at the end of the shift',
    ],
    correctAnswer: 0,
    explanation:
      'Encourage gentle bleeding, wash with soap and running water, do not suck or scrub, cover with a ' +
      'waterproof dressing and report it immediately. Prompt reporting matters because post-exposure ' +
      'prophylaxis, if needed, works best when started as soon as possible.',
    rationales: [
      'Encouraging gentle bleeding and washing with soap and running water reduce the contaminated ' +
        'blood left in the wound; then dry and cover it with a waterproof dressing and report it at ' +
        'once to occupational health or the emergency department for risk assessment.',
      'Sucking the wound does not remove virus from the tissue and ' +
        'exposes the mucous membranes of the mouth to the blood.',
      'Scrubbing damages the skin and may help viruses enter; nail brushes and alcohol ' +
        'are not recommended, only gentle washing with soap and running water.',
      'Delaying the report delays risk assessment: HIV post-exposure prophylaxis ' +
        'should start as soon as possible (ideally within hours, and no later than ' +
        '72 hours), and hepatitis B protection may also be needed.',
    ],
    objective:
      'After a needlestick injury, encourage bleeding, wash with soap and ' +
      'running water, cover the wound and report it immediately.',
    references: [
      REF.nipcm,
      {
        title:
          'UK Health Security Agency (formerly Public Health England): Eye of the Needle — surveillance ' +
          'of significant occupational exposure to bloodborne viruses in healthcare workers',
        url: null,
      },
    ],
  },
  {
    question:
      'When removing personal protective equipment (PPE) after caring for an isolated patient, which item ' +
      'is removed first?',
    options: ['Gloves', 'Apron or gown', 'Eye protection', 'Fluid-resistant surgical mask'],
    correctAnswer: 0,
    explanation:
      'Gloves are the most contaminated item and are removed first, followed by the apron or gown, eye ' +
      'protection and finally the mask, with hand hygiene once all PPE is removed.',
    rationales: [
      'Gloves are the most contaminated item, so they come off first without the ' +
        'outer surface touching the skin, followed by the apron or gown, eye ' +
        'protection and finally the mask, with hand hygiene once all PPE is off.',
      'The apron or gown comes off after the gloves, handled by the ties or inside and ' +
        'rolled away from the body so that the contaminated front is contained.',
      'Eye protection is removed after the gloves and apron, by the ' +
        'headband or arms rather than the contaminated front.',
      'The mask is removed last, by the ties or ear loops, because it protects the ' +
        'mouth and nose until the other contaminated items have been taken off.',
    ],
    objective:
      'Remove PPE in the order gloves, apron or gown, eye ' +
      'protection, then mask, and clean your hands afterwards.',
    references: [REF.nipcm, REF.nhseHandHygienePpe],
  },
  {
    question: 'Which description matches a category 2 pressure ulcer?',
    options: [
      'Intact skin with non-blanchable redness over a bony prominence',
      'Partial-thickness skin loss: a shallow open ulcer with a red-pink wound bed without slough, or an ' +
        'intact or ruptured serum-filled blister',
      'Full-thickness skin loss with visible subcutaneous fat but no exposed bone, tendon or muscle',
      'Full-thickness tissue loss with exposed bone, tendon or muscle',
    ],
    correctAnswer: 1,
    explanation:
      'Category 2 is partial-thickness loss of dermis. Non-blanchable erythema of intact skin is category ' +
      '1, full-thickness skin loss without exposed bone, tendon or muscle is category 3, and exposed bone, ' +
      'tendon or muscle is category 4.',
    rationales: [
      'Non-blanchable redness of intact skin over a bony prominence is category 1: the ' +
        'skin is not broken, but it is an early warning that needs pressure relief.',
      'Category 2 is partial-thickness loss of dermis, seen as a shallow open ulcer ' +
        'with a red-pink wound bed without slough, or as an intact or ruptured ' +
        'serum-filled blister; slough or visible fat means at least category 3.',
      'Full-thickness skin loss with visible subcutaneous fat but ' +
        'no exposed bone, tendon or muscle is category 3.',
      'Full-thickness tissue loss with exposed bone, tendon or ' +
        'muscle is category 4, the most severe category.',
    ],
    objective:
      'A category 2 pressure ulcer is partial-thickness skin loss, seen ' +
      'as a shallow open ulcer or a serum-filled blister.',
    references: [
      REF.niceCg179,
      {
        title:
          'EPUAP, NPIAP and PPPIA: Prevention and Treatment of Pressure ' +
          'Ulcers/Injuries — International Clinical Practice Guideline (2019)',
        url: null,
      },
    ],
  },
  {
    question:
      'According to NICE, how often should adults assessed as being at high risk of pressure ulcers be ' +
      'encouraged (or helped) to change position?',
    options: [
      'At least every 4 hours',
      'At least every 6 hours',
      'At least every 8 hours',
      'At least every 12 hours',
    ],
    correctAnswer: 0,
    explanation:
      'NICE recommends repositioning at least every 4 hours for adults at high risk, and at least every 6 ' +
      'hours for adults at risk. Many patients need more frequent changes, guided by regular skin ' +
      'inspection.',
    rationales: [
      'NICE recommends encouraging adults at high risk of pressure ulcers to change position at ' +
        'least every 4 hours, helping those who cannot, and more often if skin inspection shows ' +
        'damage.',
      "At least every 6 hours is NICE's minimum for adults at risk; those " +
        'at high risk need repositioning at least every 4 hours.',
      'Every 8 hours is longer than NICE recommends for any adult ' +
        'assessed as being at risk of pressure ulcers.',
      'Every 12 hours leaves tissue under sustained pressure for far too ' +
        'long and is not a NICE recommendation for anyone at risk.',
    ],
    objective:
      'NICE advises that adults at high risk of pressure ulcers change position at ' +
      'least every 4 hours, and those at risk at least every 6 hours.',
    references: [REF.niceCg179],
  },
  {
    question: 'Which tool is widely used in the UK to screen adults for risk of malnutrition?',
    options: [
      'Waterlow score',
      'Braden scale',
      'Abbey pain scale',
      'Malnutrition Universal Screening Tool (MUST)',
    ],
    correctAnswer: 3,
    explanation:
      'MUST combines BMI, unplanned weight loss and the effect of acute illness on intake to give a risk ' +
      'score and management plan. Waterlow and Braden assess pressure ulcer risk, and the Abbey scale ' +
      'assesses pain in people with dementia who cannot verbalise it.',
    rationales: [
      'The Waterlow score assesses the risk of pressure ulcers; it includes ' +
        'nutrition as one factor but is not a malnutrition screening tool.',
      'The Braden scale is another pressure ulcer risk assessment tool (with a ' +
        'nutrition subscale), not a screening tool for malnutrition.',
      'The Abbey pain scale assesses pain in people with dementia who cannot verbalise it.',
      'MUST combines BMI, percentage unplanned weight loss and the acute disease effect (little ' +
        'or no intake for more than 5 days) to give an overall risk and a management plan; NICE ' +
        'recommends screening on admission to hospital and weekly for inpatients.',
    ],
    objective:
      'MUST screens adults for malnutrition risk using BMI, unplanned ' +
      'weight loss and the effect of acute illness on intake.',
    references: [REF.bapenMust, REF.niceCg32],
  },
  {
    question: 'Before giving a medicine to an inpatient, which is the safest way to confirm their identity?',
    options: [
      "Ask 'Are you Mr Jones?' and wait for the patient to agree",
      'Check the bed number against the prescription chart',
      'Ask the patient to state their full name and date of birth and check these against the identity ' +
        'band and prescription',
      'Rely on recognising the patient from earlier in the shift',
    ],
    correctAnswer: 2,
    explanation:
      'Open questions checked against the identity band and prescription reduce error. Closed questions ' +
      "can be answered 'yes' by confused or hard-of-hearing patients, and bed numbers change when patients " +
      'move.',
    rationales: [
      "A closed question invites a 'yes' from someone who is confused, drowsy, " +
        'hard of hearing or anxious, so it does not confirm identity.',
      'Bed numbers change when patients move and say nothing about who is in ' +
        'the bed, so they must never be used to identify a patient.',
      'Asking the patient to state their full name and date of birth, and checking these ' +
        'against the identity band and the prescription, confirms that the right medicine goes to ' +
        'the right person; if the patient cannot respond, rely on the identity band.',
      'Recognising a patient by sight is unreliable, particularly with similar names, ' +
        'bed moves and handovers, and is no substitute for a formal check.',
    ],
    objective:
      "Confirm a patient's identity by asking them to state their full name and date of " +
      'birth and checking these against the identity band and prescription.',
    references: [
      {
        title:
          'Royal Pharmaceutical Society and Royal College of Nursing: Professional ' +
          'guidance on the administration of medicines in healthcare settings (2019)',
        url: null,
      },
      REF.nmcCode,
    ],
  },
  {
    question: "Why must the word 'units' be written in full when prescribing or recording insulin doses?",
    options: [
      'It is only a matter of local documentation style',
      'Insulin doses should be recorded in millilitres rather than units',
      "Abbreviations such as 'U' or 'IU' can be misread as a zero or a number, causing tenfold or greater " +
        'overdoses',
      'Abbreviations are acceptable if written in capital letters',
    ],
    correctAnswer: 2,
    explanation:
      "A 'U' can be misread as 0 (so '4U' is read as 40) and 'IU' as 10. Insulin overdose caused by " +
      'abbreviations or an incorrect device is an NHS Never Event, and insulin must always be measured ' +
      'with an insulin syringe or pen.',
    rationales: [
      "Writing 'units' in full is a national safety requirement, not a local " +
        'preference, because abbreviations have caused fatal overdoses.',
      'Insulin is prescribed and given in units and measured with an insulin syringe or ' +
        'pen; doses must never be drawn up in millilitres with an ordinary syringe.',
      "A 'U' can be read as 0 (so '4U' becomes 40) and 'IU' as 10, producing " +
        'tenfold or greater overdoses; insulin overdose caused by abbreviations or ' +
        'an incorrect device has been listed as an NHS Never Event.',
      "Capital letters do not stop 'U' or 'IU' being misread as a number, " +
        'so abbreviations are unsafe however they are written.',
    ],
    objective: "Always write 'units' in full for insulin and measure it only with an insulin syringe or pen.",
    references: [
      {
        title:
          'National Patient Safety Agency: Rapid Response Report — Safer administration of insulin (2010)',
        url: null,
      },
      { title: 'NHS England: Never Events list 2018', url: null },
    ],
  },
  {
    question:
      'Which statement best describes sepsis according to the Sepsis-3 international consensus definition?',
    options: [
      'Any infection accompanied by a fever above 38°C',
      'Life-threatening organ dysfunction caused by a dysregulated host response to infection',
      'A positive blood culture in a patient with symptoms of infection',
      'A raised white cell count with a heart rate above 90 beats/min',
    ],
    correctAnswer: 1,
    explanation:
      'Sepsis-3 (2016) defines sepsis as life-threatening organ dysfunction caused by a dysregulated host ' +
      'response to infection. Fever and bacteraemia are neither necessary nor sufficient, and the older ' +
      'SIRS-based criteria are no longer used to define sepsis.',
    rationales: [
      'Fever indicates inflammation, not organ dysfunction, and many people with sepsis, ' +
        'especially older or immunosuppressed people, have a normal or low temperature.',
      'Sepsis-3 defines sepsis as life-threatening organ dysfunction caused by a dysregulated ' +
        'host response to infection, identified clinically by an acute rise in SOFA score of 2 ' +
        'points or more. Septic shock is the subset needing vasopressors to maintain blood ' +
        'pressure, with a lactate above 2 mmol/L despite adequate fluids.',
      'A positive blood culture shows bacteraemia, which can occur without ' +
        'sepsis, and many people with sepsis have negative cultures.',
      'A raised white cell count and a heart rate above 90 are SIRS criteria from ' +
        'older definitions; they are non-specific and no longer define sepsis.',
    ],
    objective:
      'Sepsis-3 defines sepsis as life-threatening organ dysfunction ' +
      'caused by a dysregulated host response to infection.',
    references: [
      {
        title:
          'Singer M et al. The Third International Consensus Definitions for ' +
          'Sepsis and Septic Shock (Sepsis-3). JAMA 2016;315:801–10',
        url: 'https://doi.org/10.1001/jama.2016.0287',
      },
    ],
  },
  {
    question: "Which of the following is NOT one of the 'Sepsis Six' interventions?",
    options: [
      'Taking blood cultures',
      'Giving IV antibiotics',
      'Measuring serum lactate',
      'Monitoring urine output',
      'Giving IV corticosteroids',
    ],
    correctAnswer: 4,
    explanation:
      'The Sepsis Six includes oxygen if required, blood cultures, IV antibiotics, IV fluids, lactate ' +
      'measurement and urine output monitoring, ideally within 1 hour. Corticosteroids are not part of the ' +
      'bundle; they are considered only in specific situations such as refractory septic shock.',
    rationales: [
      'Taking blood cultures, ideally before antibiotics but ' +
        'without delaying them, is one of the Sepsis Six.',
      'Giving IV antibiotics within the hour is one of the Sepsis Six and central to the bundle.',
      'Measuring lactate is one of the Sepsis Six; a raised lactate ' +
        'signals tissue hypoperfusion and a higher risk of death.',
      'Monitoring urine output, often hourly, is one of the ' +
        'Sepsis Six because it tracks kidney perfusion.',
      'Corticosteroids are not part of the Sepsis Six; they are considered only in ' +
        'specific situations, such as septic shock needing ongoing vasopressors, or for ' +
        'people on long-term steroids or with adrenal insufficiency.',
    ],
    objective:
      'The Sepsis Six are oxygen if needed, blood cultures, IV antibiotics, IV fluids, ' +
      'lactate measurement and urine output monitoring, started within 1 hour.',
    references: [REF.ukSepsisTrust, REF.niceNg51],
  },
  {
    question:
      'An adult with suspected sepsis is assessed as being at high risk of severe illness or death. ' +
      'According to NICE, within what time should IV antibiotics be given?',
    options: ['Within 1 hour', 'Within 3 hours', 'Within 6 hours', 'Within 24 hours'],
    correctAnswer: 0,
    explanation:
      'NICE recommends broad-spectrum antimicrobials within 1 hour of identifying high risk, because ' +
      'delays in treatment are associated with higher mortality. Blood cultures should be taken first if ' +
      'this does not delay antibiotics.',
    rationales: [
      'For adults at high risk of severe illness or death from sepsis (for example with a NEWS2 ' +
        'score of 7 or more), NICE recommends broad-spectrum antibiotics within 1 hour, because ' +
        'delay in severe sepsis and septic shock is associated with higher mortality.',
      'Longer windows such as 3 hours apply only to people at lower risk under ' +
        "NICE's NEWS2-based stratification, not to someone at high risk.",
      'Six hours is far too long for a high-risk patient, whose organ ' +
        'dysfunction may progress rapidly without antibiotics.',
      'Waiting up to 24 hours would leave a high-risk patient untreated while organ ' +
        'dysfunction progresses and is never acceptable in suspected sepsis.',
    ],
    objective:
      'Adults with suspected sepsis at high risk of severe ' +
      'illness or death need IV antibiotics within 1 hour.',
    references: [REF.niceNg51],
  },
  {
    question:
      'You find an adult collapsed on the ward. They are unresponsive and making only occasional noisy ' +
      'gasps. What should you do?',
    options: [
      'Place them in the recovery position and reassess in 5 minutes',
      'Wait to see whether the gasps become regular breathing',
      'Shout for help, call the resuscitation team (2222) and start chest compressions',
      'Give five rescue breaths before calling for help',
    ],
    correctAnswer: 2,
    explanation:
      'Occasional gasps (agonal breathing) are common in the first minutes after cardiac arrest and must ' +
      'not be mistaken for normal breathing. Anyone who is unresponsive and not breathing normally should ' +
      'be treated as being in cardiac arrest.',
    rationales: [
      'The recovery position is for an unresponsive person who is breathing normally; ' +
        'occasional gasps are not normal breathing, and 5 minutes without CPR would be lethal.',
      'Agonal gasps are a sign of cardiac arrest, not of recovery, and ' +
        'every minute without CPR reduces the chance of survival.',
      'Someone unresponsive and not breathing normally is in cardiac arrest; shout for ' +
        'help, call the resuscitation team (2222 in UK hospitals) and start chest ' +
        'compressions at once, attaching a defibrillator as soon as it arrives.',
      'Five initial rescue breaths belong to paediatric and drowning resuscitation; in ' +
        'adult cardiac arrest you summon help and start compressions first.',
    ],
    objective:
      'An unresponsive adult who is not breathing normally, including one making ' +
      'only agonal gasps, is in cardiac arrest and needs CPR at once.',
    references: [REF.rcukBls],
  },
  {
    question: 'What is the ratio of chest compressions to rescue breaths in adult CPR?',
    options: ['15:2', '30:2', '30:1', '5:1'],
    correctAnswer: 1,
    explanation:
      'Resuscitation Council UK adult guidance uses 30 compressions to 2 breaths. A ratio of 15:2 is used ' +
      'by healthcare rescuers for children, and once an advanced airway is in place compressions continue ' +
      'without pausing for breaths.',
    rationales: [
      '15:2 is the ratio healthcare rescuers use for children, not adults.',
      'Adults receive 30 chest compressions to 2 rescue breaths; once an advanced airway ' +
        'is in place, compressions continue without pausing for ventilation.',
      'There is no 30:1 ratio in UK guidance; 2 breaths follow each 30 compressions.',
      '5:1 is an obsolete two-rescuer ratio that gave too few ' +
        'compressions and is no longer used in UK guidance.',
    ],
    objective: 'Adult CPR uses 30 compressions to 2 rescue breaths.',
    references: [REF.rcukBls],
  },
  {
    question:
      'What rate and depth of chest compressions does Resuscitation Council UK recommend for adult CPR?',
    options: [
      '60–80 per minute, 2–3 cm deep',
      '80–100 per minute, 3–4 cm deep',
      '120–140 per minute, 6–7 cm deep',
      '100–120 per minute, 5–6 cm deep',
    ],
    correctAnswer: 3,
    explanation:
      'Compress the centre of the chest (lower half of the sternum) at 100–120 per minute to a depth of ' +
      '5–6 cm, allowing full recoil between compressions and minimising interruptions.',
    rationales: [
      '60–80 per minute at 2–3 cm is too slow and too shallow to generate useful blood flow.',
      '80–100 per minute at 3–4 cm is still below the recommended rate and depth.',
      'Compressing faster than 120 per minute or deeper than 6 cm reduces filling ' +
        'between compressions and increases injury without improving outcome.',
      'Compress the lower half of the sternum at 100–120 per minute to a depth of 5–6 cm, ' +
        'allowing full recoil between compressions and keeping interruptions to a minimum.',
    ],
    objective:
      'Adult chest compressions are 100–120 per minute to a ' +
      'depth of 5–6 cm on the lower half of the sternum.',
    references: [REF.rcukBls],
  },
  {
    question: 'During a cardiac arrest an AED delivers a shock. What should happen immediately afterwards?',
    options: [
      'Resume chest compressions immediately and continue CPR for 2 minutes as prompted by the AED',
      'Check for a carotid pulse for 10 seconds',
      'Wait for the AED to reanalyse the rhythm before touching the patient',
      'Give two rescue breaths and then check for signs of life',
    ],
    correctAnswer: 0,
    explanation:
      'After a shock, CPR is resumed immediately without a pulse or rhythm check to minimise pauses in ' +
      'compressions. The AED reanalyses the rhythm after about 2 minutes.',
    rationales: [
      'Restarting compressions immediately after the shock minimises the pause in blood ' +
        'flow; the AED prompts the next rhythm check after about 2 minutes.',
      'A pulse check straight after a shock wastes time, and even when an organised ' +
        'rhythm returns the heart rarely produces a palpable pulse straight away.',
      'The AED does not reanalyse for about 2 minutes; leaving the patient ' +
        'untouched during that time means no circulation at all.',
      'Breaths and a check for signs of life delay compressions; after a ' +
        'shock, compressions resume at once and CPR continues at 30:2.',
    ],
    objective:
      'After an AED shock, resume chest compressions immediately and ' +
      'continue for 2 minutes until the AED prompts the next analysis.',
    references: [REF.rcukBls],
  },
  {
    question:
      'Minutes after starting an IV antibiotic, an adult develops stridor, wheeze and hypotension. The ' +
      'infusion has been stopped. What is the first-line drug treatment?',
    options: [
      'IV chlorphenamine 10 mg',
      'IV hydrocortisone 200 mg',
      'Nebulised salbutamol 5 mg',
      'Oral cetirizine 10 mg',
      'IV adrenaline 1 mg bolus',
      'IM adrenaline 500 micrograms (0.5 mL of 1 in 1000) into the anterolateral thigh',
    ],
    correctAnswer: 5,
    explanation:
      'IM adrenaline 500 micrograms (0.5 mL of 1 in 1000) into the anterolateral thigh is first line in ' +
      'adults, repeated after 5 minutes if there is no improvement. Antihistamines and steroids are not ' +
      'first-line treatments, and a 1 mg IV bolus is a cardiac arrest dose that can cause fatal ' +
      'arrhythmias.',
    rationales: [
      'Antihistamines are third-line: they do not treat airway, breathing or ' +
        'circulation problems, and rapid IV chlorphenamine can worsen hypotension.',
      'Corticosteroids are no longer advised for the routine emergency ' +
        'treatment of anaphylaxis; they act too slowly and are considered only ' +
        'later, for example for refractory reactions or ongoing asthma.',
      'Salbutamol can be added for bronchospasm that persists after ' +
        'adrenaline, but it does not treat airway swelling or hypotension.',
      'A non-sedating oral antihistamine may be given after stabilisation for skin ' +
        'symptoms, but it has no role in treating stridor, wheeze or hypotension.',
      'A 1 mg IV bolus is the cardiac arrest dose; given to a patient with a pulse it can cause ' +
        'severe hypertension, myocardial ischaemia and fatal arrhythmias. IV adrenaline in ' +
        'anaphylaxis is given only by experienced specialists, as a titrated infusion.',
      'IM adrenaline 500 micrograms (0.5 mL of 1 in 1000) into the anterolateral ' +
        'thigh is first line for adults, repeated after 5 minutes if there is no ' +
        'improvement, with high-flow oxygen, an IV fluid bolus for shock and the ' +
        'patient lying flat (or sitting up if breathing is difficult).',
    ],
    objective:
      'The first-line drug for anaphylaxis in adults is IM adrenaline 500 micrograms ' +
      'into the anterolateral thigh, repeated after 5 minutes if needed.',
    references: [REF.rcukAnaphylaxis, REF.niceCg134],
  },
  {
    question: 'Which principle underpins the choice of most modern wound dressings?',
    options: [
      'Leaving wounds exposed to the air so that a dry scab forms',
      'Maintaining a moist wound environment while managing excess exudate',
      'Applying topical antibiotics to all wounds routinely',
      'Changing dressings as often as possible, ideally every few hours',
    ],
    correctAnswer: 1,
    explanation:
      'A moist (but not macerated) wound bed supports cell migration and faster healing. Frequent dressing ' +
      'changes cool the wound and disturb new tissue, and routine topical antibiotics promote resistance ' +
      'and sensitisation.',
    rationales: [
      'Letting a wound dry and scab slows healing because new epithelial cells must ' +
        'migrate beneath the dry crust; this is the approach moist dressings replaced.',
      'A moist but not macerated wound bed lets epithelial cells migrate across the surface and ' +
        'speeds healing, so dressings are chosen to keep moisture in while absorbing excess exudate.',
      'Routine topical antibiotics are not recommended: they promote resistance and sensitisation, ' +
        'and infection is treated on clinical assessment, with systemic antibiotics when needed.',
      'Very frequent dressing changes cool the wound, disturb new tissue and increase the risk of ' +
        "infection; dressings are changed according to exudate and the product's wear time.",
    ],
    objective: 'Most modern dressings keep the wound bed moist but not macerated while managing exudate.',
    references: [
      {
        title:
          'Winter GD. Formation of the scab and the rate of epithelization of superficial ' +
          'wounds in the skin of the young domestic pig. Nature 1962;193:293–4',
        url: null,
      },
      REF.niceNg125,
    ],
  },
  {
    question:
      'On day 5 after abdominal surgery, which finding most strongly suggests a surgical wound infection?',
    options: [
      'A small amount of clear serous fluid on the dressing',
      'Mild itching around the suture line',
      'Mild bruising around the incision',
      'Spreading redness, increasing pain and purulent discharge from the wound',
    ],
    correctAnswer: 3,
    explanation:
      'Spreading erythema, warmth, swelling, increasing pain and pus suggest infection and should be ' +
      'escalated (with a wound swab if there is discharge). A little serous ooze, itching and bruising are ' +
      'common during normal healing.',
    rationales: [
      'A small amount of clear serous fluid is common in the first days ' +
        'of healing and is not on its own a sign of infection.',
      'Mild itching along the suture line is common as a wound heals and does not suggest infection.',
      'Mild bruising around an incision is expected after surgery and fades over days.',
      'Spreading redness, increasing pain, warmth, swelling and purulent discharge ' +
        'around day 5 are the classic signs of surgical site infection; escalate for ' +
        'review, swab any discharge and check for systemic signs of sepsis.',
    ],
    objective:
      'Spreading redness, increasing pain and pus from a surgical ' +
      'wound suggest infection and need escalation.',
    references: [REF.niceNg125],
  },
  {
    question:
      'Ten minutes into a red cell transfusion, a patient develops fever, rigors, loin pain and ' +
      'hypotension. What is the first action?',
    options: [
      'Slow the transfusion and recheck observations in 30 minutes',
      'Give paracetamol and continue the transfusion',
      'Stop the transfusion immediately, maintain venous access and call for urgent medical review',
      'Speed up the transfusion so that the unit finishes sooner',
    ],
    correctAnswer: 2,
    explanation:
      'These features suggest a severe acute reaction such as ABO-incompatible haemolysis. Stop the ' +
      "transfusion, keep IV access, recheck the patient's identity against the unit, get urgent medical " +
      'help, and keep the bag and giving set for investigation by the transfusion laboratory.',
    rationales: [
      'Slowing the transfusion would keep infusing possibly incompatible blood; fever with ' +
        'rigors, loin pain and hypotension means the transfusion must be stopped.',
      'Paracetamol may be used for an isolated mild febrile reaction, but rigors, loin pain and ' +
        'hypotension suggest an ABO-incompatible or septic reaction, so continuing is dangerous.',
      'Stop the transfusion, keep the IV line open with 0.9% sodium chloride through a new giving ' +
        "set, check the patient's identity against the unit and call for urgent medical help; return " +
        'the bag and giving set to the laboratory and report serious reactions to SHOT.',
      'Speeding up would give more of a possibly incompatible ' +
        'or contaminated unit and worsen the reaction.',
    ],
    objective:
      'If a transfusion causes fever with rigors, loin pain or hypotension, stop ' +
      'it at once, keep IV access and call for urgent medical help.',
    references: [REF.bshTransfusion, REF.niceNg24, REF.shot],
  },
];

// ---------------------------------------------------------------------------------------------------------
// Exam 3 — Pharmacology and Medicines Management (pharmacy, £9.99)
// ---------------------------------------------------------------------------------------------------------

const pharmacologyQuestions: DemoQuestion[] = [
  {
    question: 'What is the mechanism of action of warfarin?',
    options: [
      'Direct inhibition of thrombin',
      'Direct inhibition of factor Xa',
      'Inhibition of vitamin K epoxide reductase, reducing synthesis of clotting factors II, VII, IX and X',
      'Potentiation of antithrombin',
    ],
    correctAnswer: 2,
    explanation:
      'Warfarin is a vitamin K antagonist that blocks vitamin K epoxide reductase, limiting activation of ' +
      'factors II, VII, IX and X (and proteins C and S). Dabigatran inhibits thrombin directly, apixaban ' +
      'and rivaroxaban inhibit factor Xa, and heparins potentiate antithrombin.',
    rationales: [
      'Direct thrombin inhibition is the mechanism of dabigatran (and of ' +
        'parenteral argatroban and bivalirudin), not warfarin.',
      'Direct factor Xa inhibition is the mechanism of apixaban, edoxaban and rivaroxaban.',
      'Warfarin blocks vitamin K epoxide reductase, so the liver cannot activate ' +
        'factors II, VII, IX and X (or proteins C and S); because factors already ' +
        'made must clear first, full anticoagulation takes several days.',
      'Potentiating antithrombin is how heparins and fondaparinux work.',
    ],
    objective:
      'Warfarin is a vitamin K antagonist that blocks vitamin K epoxide ' +
      'reductase and so reduces activation of factors II, VII, IX and X.',
    references: [{ title: 'BNF: Warfarin sodium', url: 'https://bnf.nice.org.uk/' }, REF.bshWarfarin],
  },
  {
    question: 'A patient develops a persistent dry cough after starting ramipril. What is the mechanism?',
    options: [
      'Accumulation of bradykinin, which is normally broken down by ACE',
      'Direct irritation of the airway mucosa by the drug',
      'Beta-2 receptor blockade causing bronchospasm',
      'Accumulation of angiotensin II in the lungs',
    ],
    correctAnswer: 0,
    explanation:
      'ACE (kininase II) also degrades bradykinin, so ACE inhibitors allow bradykinin to accumulate and ' +
      'sensitise airway cough reflexes. An angiotensin II receptor blocker such as losartan is a suitable ' +
      'alternative because it does not affect bradykinin breakdown.',
    rationales: [
      'ACE is also kininase II, so ACE inhibitors let bradykinin accumulate and ' +
        'sensitise the cough reflex; the dry cough can start weeks or months into ' +
        'treatment and usually settles within a few weeks of stopping.',
      'The cough is a bradykinin-mediated class effect seen with every ACE ' +
        'inhibitor, not local irritation of the airway by the drug.',
      'Ramipril has no beta-blocking activity; beta-2 blockade is a risk of ' +
        'beta-blockers such as propranolol and causes wheeze rather than a dry cough.',
      'ACE inhibitors reduce angiotensin II formation rather than causing it to accumulate.',
    ],
    objective:
      'ACE inhibitors cause a dry cough through bradykinin ' +
      'accumulation, and an ARB is a suitable alternative.',
    references: [{ title: 'BNF: Ramipril', url: 'https://bnf.nice.org.uk/' }, REF.niceNg136],
  },
  {
    question:
      'A patient taking simvastatin 40 mg daily is prescribed clarithromycin for a chest infection. What ' +
      'is the main concern?',
    options: [
      'Reduced antibacterial effect of clarithromycin',
      'Hypoglycaemia',
      'Reduced cholesterol-lowering effect of simvastatin',
      'Increased risk of myopathy and rhabdomyolysis',
    ],
    correctAnswer: 3,
    explanation:
      'Clarithromycin is a potent CYP3A4 inhibitor and markedly raises simvastatin concentrations. The BNF ' +
      'advises avoiding the combination, so simvastatin is usually withheld for the duration of the course.',
    rationales: [
      'Simvastatin does not affect the metabolism or antibacterial activity ' +
        'of clarithromycin; the interaction runs the other way.',
      'Hypoglycaemia is not a recognised consequence of combining simvastatin with clarithromycin.',
      'Clarithromycin increases, rather than reduces, simvastatin ' +
        'exposure by inhibiting its CYP3A4 metabolism.',
      'Clarithromycin is a potent CYP3A4 inhibitor that raises simvastatin concentrations ' +
        'several-fold, greatly increasing the risk of myopathy and rhabdomyolysis; the ' +
        'combination is avoided, usually by withholding simvastatin for the course.',
    ],
    objective:
      'Clarithromycin inhibits CYP3A4 and raises simvastatin levels, risking ' +
      'rhabdomyolysis, so simvastatin is withheld during the course.',
    references: [
      REF.bnfInteractions,
      {
        title: 'MHRA Drug Safety Update (2012): Simvastatin — updated advice on drug interactions',
        url: 'https://www.gov.uk/drug-safety-update',
      },
    ],
  },
  {
    question: 'Which adverse effects are characteristic of aminoglycosides such as gentamicin?',
    options: [
      'Tendon rupture and QT prolongation',
      'Ototoxicity and nephrotoxicity',
      'Gingival hyperplasia and hirsutism',
      'Grey baby syndrome and aplastic anaemia',
    ],
    correctAnswer: 1,
    explanation:
      'Aminoglycosides cause dose-related nephrotoxicity and ototoxicity, so serum concentrations and ' +
      'renal function are monitored. Tendon rupture is linked to fluoroquinolones, gingival hyperplasia to ' +
      'phenytoin and grey baby syndrome to chloramphenicol.',
    rationales: [
      'Tendon damage (including rupture) and QT prolongation are ' +
        'adverse effects of fluoroquinolones such as ciprofloxacin.',
      'Aminoglycosides accumulate in renal tubular cells and the inner ear, causing ' +
        'nephrotoxicity and often irreversible ototoxicity (cochlear and vestibular), so dosing ' +
        'is guided by serum concentrations and renal function and courses are kept short.',
      'Gingival hyperplasia and hirsutism are adverse effects of phenytoin; gingival ' +
        'hyperplasia also occurs with ciclosporin and calcium-channel blockers.',
      'Grey baby syndrome and aplastic anaemia are associated with chloramphenicol.',
    ],
    objective:
      'Aminoglycosides such as gentamicin are nephrotoxic and ' +
      'ototoxic, so their levels and renal function are monitored.',
    references: [{ title: 'BNF: Gentamicin', url: 'https://bnf.nice.org.uk/' }],
  },
  {
    question: 'Which electrolyte disturbance increases the risk of digoxin toxicity?',
    options: ['Hypokalaemia', 'Hyperkalaemia', 'Hyponatraemia', 'Hypocalcaemia'],
    correctAnswer: 0,
    explanation:
      'Digoxin and potassium compete for binding to Na+/K+-ATPase, so low potassium enhances digoxin ' +
      'binding and effect. Hypomagnesaemia and hypercalcaemia also predispose to toxicity, so electrolytes ' +
      'need monitoring, especially with potassium-losing diuretics.',
    rationales: [
      'Digoxin competes with potassium for binding to Na+/K+-ATPase, so low ' +
        'potassium increases its binding and effect and can precipitate ' +
        "toxicity even at a 'therapeutic' plasma concentration.",
      'High potassium reduces digoxin binding rather than enhancing it, ' +
        'although severe digoxin toxicity itself causes hyperkalaemia.',
      'Hyponatraemia is not a recognised precipitant of digoxin toxicity.',
      'It is hypercalcaemia, not hypocalcaemia, that increases the risk of digoxin toxicity.',
    ],
    objective:
      'Hypokalaemia increases the risk of digoxin toxicity, as do hypomagnesaemia and hypercalcaemia.',
    references: [{ title: 'BNF: Digoxin', url: 'https://bnf.nice.org.uk/' }],
  },
  {
    question: 'When should a blood sample be taken to measure serum lithium concentration?',
    options: [
      '2 hours after the dose',
      '6 hours after the dose',
      '12 hours after the dose',
      '24 hours after the dose',
    ],
    correctAnswer: 2,
    explanation:
      'Lithium levels are measured 12 hours after the dose (usually the morning after an evening dose) so ' +
      'that results can be compared with the target range. Samples taken earlier reflect the absorption ' +
      'peak and can be misleadingly high.',
    rationales: [
      'At 2 hours the level reflects the absorption peak and would be ' +
        'misleadingly high compared with the target range.',
      'A 6-hour sample is still in the distribution phase and cannot be compared ' +
        'with the target range, which is defined for 12-hour levels.',
      'Target ranges (usually 0.4–1.0 mmol/L, lower in older people) apply to samples taken 12 ' +
        'hours after the dose, typically the morning after an evening dose; levels are checked a ' +
        'week after starting or changing the dose and regularly thereafter.',
      'A 24-hour level would underestimate exposure and is not what the target range refers to.',
    ],
    objective:
      'Measure serum lithium 12 hours after the dose, because ' +
      'the target range is defined for 12-hour levels.',
    references: [{ title: 'BNF: Lithium carbonate', url: 'https://bnf.nice.org.uk/' }, REF.niceCg185],
  },
  {
    question:
      'A patient taking ramipril and furosemide buys ibuprofen for back pain. Which adverse outcome is ' +
      'this combination particularly likely to cause?',
    options: ['Serotonin syndrome', 'Ototoxicity', 'Hypoglycaemia', 'Acute kidney injury'],
    correctAnswer: 3,
    explanation:
      "An ACE inhibitor, a diuretic and an NSAID together (the 'triple whammy') impair renal " +
      'autoregulation: the NSAID constricts the afferent arteriole, the ACE inhibitor dilates the efferent ' +
      'arteriole and the diuretic reduces circulating volume.',
    rationales: [
      'Serotonin syndrome comes from combining serotonergic drugs, such as an SSRI with ' +
        'tramadol, a triptan or an MAOI; none of these three drugs is serotonergic.',
      'High-dose IV loop diuretics can be ototoxic, but the main danger of adding ' +
        'an NSAID to an ACE inhibitor and a diuretic is to the kidneys.',
      'None of these three drugs is a recognised cause of hypoglycaemia in this setting.',
      "In the 'triple whammy' the NSAID constricts the afferent arteriole, the ACE inhibitor " +
        'dilates the efferent arteriole and the diuretic reduces circulating volume, so ' +
        'glomerular filtration falls; advise paracetamol instead and check renal function.',
    ],
    objective:
      'An NSAID added to an ACE inhibitor (or ARB) and a diuretic, ' +
      "the 'triple whammy', can cause acute kidney injury.",
    references: [REF.bnfInteractions, REF.niceNg148],
  },
  {
    question:
      'Why can a small increase in phenytoin dose cause a disproportionately large rise in plasma ' +
      'concentration?',
    options: [
      'Phenytoin is excreted unchanged by the kidneys',
      'Its hepatic metabolism becomes saturated at therapeutic doses (zero-order kinetics)',
      'Phenytoin induces its own absorption from the gut',
      'Phenytoin is not bound to plasma proteins',
    ],
    correctAnswer: 1,
    explanation:
      'At therapeutic concentrations the enzymes metabolising phenytoin approach saturation, so ' +
      'elimination changes from first-order to zero-order kinetics. Dose changes should therefore be small ' +
      'and guided by plasma levels.',
    rationales: [
      'Phenytoin is almost entirely metabolised in the liver; ' +
        'very little is excreted unchanged by the kidneys.',
      'At therapeutic concentrations the hepatic enzymes metabolising phenytoin approach ' +
        'saturation, so elimination changes from first-order to zero-order and a small dose ' +
        'increase can cause a large rise in level and toxicity (nystagmus, ataxia, confusion).',
      'Phenytoin does not induce its own absorption; it is an enzyme inducer that speeds the ' +
        'metabolism of other drugs such as warfarin and hormonal contraceptives.',
      'Phenytoin is highly (about 90%) bound to albumin, so low albumin or renal failure ' +
        'raises the free fraction and complicates the interpretation of total levels.',
    ],
    objective:
      'Phenytoin follows saturable (zero-order) kinetics at therapeutic doses, ' +
      'so dose changes must be small and guided by plasma levels.',
    references: [{ title: 'BNF: Phenytoin', url: 'https://bnf.nice.org.uk/' }],
  },
  {
    question: 'According to the BNF, metformin should be avoided when eGFR falls below which value?',
    options: ['90 mL/min/1.73 m²', '60 mL/min/1.73 m²', '45 mL/min/1.73 m²', '30 mL/min/1.73 m²'],
    correctAnswer: 3,
    explanation:
      'The BNF advises reviewing the dose when eGFR is below 45 mL/min/1.73 m² and avoiding metformin ' +
      'below 30, because accumulation increases the risk of lactic acidosis.',
    rationales: [
      'An eGFR of 90 mL/min/1.73 m² is normal kidney function, and metformin needs no adjustment.',
      'At an eGFR of 60 mL/min/1.73 m² metformin can continue at ' +
        'the usual dose, with renal function monitored.',
      'Below 45 mL/min/1.73 m² the BNF advises reviewing the dose, not stopping metformin.',
      'The BNF advises avoiding metformin when eGFR is below 30 mL/min/1.73 m², ' +
        'because accumulation increases the risk of lactic acidosis; it is also ' +
        'paused during dehydrating acute illness (sick day rules).',
    ],
    objective:
      'Review the metformin dose when eGFR falls below 45 and avoid metformin below 30 mL/min/1.73 m².',
    references: [{ title: 'BNF: Metformin hydrochloride', url: 'https://bnf.nice.org.uk/' }, REF.niceNg28],
  },
  {
    question:
      'Which equation estimates creatinine clearance from age, weight, sex and serum creatinine, and is ' +
      'recommended by the BNF when dosing drugs such as direct oral anticoagulants?',
    options: ['Cockcroft–Gault', 'CKD-EPI', 'Henderson–Hasselbalch', 'Friedewald', 'Michaelis–Menten'],
    correctAnswer: 0,
    explanation:
      'The Cockcroft–Gault equation estimates creatinine clearance and includes body weight, which matters ' +
      'for narrow-therapeutic-index and renally cleared drugs. CKD-EPI estimates GFR without using weight, ' +
      'Henderson–Hasselbalch relates pH to pKa, and Friedewald estimates LDL cholesterol.',
    rationales: [
      'Cockcroft–Gault estimates creatinine clearance from age, weight, sex and serum ' +
        'creatinine; the MHRA advises using it for direct oral anticoagulants, for older people, ' +
        'at extremes of body weight and for nephrotoxic or narrow-therapeutic-index drugs.',
      'CKD-EPI estimates GFR normalised to body surface area (mL/min/1.73 m²) without using weight; ' +
        'it is used to stage CKD and can misestimate drug clearance at extremes of body size.',
      'Henderson–Hasselbalch relates pH, pKa and the ratio of ionised to ' +
        'un-ionised drug; it says nothing about renal function.',
      'The Friedewald equation estimates LDL cholesterol from total ' +
        'cholesterol, HDL cholesterol and triglycerides.',
      'Michaelis–Menten kinetics describe saturable enzyme ' +
        'metabolism, as with phenytoin, not renal function.',
    ],
    objective:
      'Use Cockcroft–Gault creatinine clearance rather than eGFR when dosing DOACs and ' +
      'other renally cleared drugs in the situations the MHRA specifies.',
    references: [REF.mhraRenal, REF.bnf],
  },
  {
    question: 'Which agent is a specific reversal agent for dabigatran?',
    options: [
      'Andexanet alfa',
      'Protamine sulfate',
      'Phytomenadione (vitamin K1)',
      'Tranexamic acid',
      'Idarucizumab',
      'Prothrombin complex concentrate',
    ],
    correctAnswer: 4,
    explanation:
      'Idarucizumab is a humanised antibody fragment that binds dabigatran and rapidly reverses its ' +
      'effect. Andexanet alfa reverses apixaban and rivaroxaban, protamine reverses heparin, and vitamin K ' +
      'with prothrombin complex concentrate reverses warfarin.',
    rationales: [
      'Andexanet alfa reverses the factor Xa inhibitors apixaban ' +
        'and rivaroxaban; it does not bind dabigatran.',
      'Protamine neutralises heparin (fully for unfractionated, partially for ' +
        'low molecular weight heparin) and has no effect on dabigatran.',
      'Vitamin K restores synthesis of vitamin K-dependent clotting factors ' +
        'after warfarin and has no effect on a direct thrombin inhibitor.',
      'Tranexamic acid is an antifibrinolytic that can help control ' +
        'bleeding generally, but it is not a specific reversal agent.',
      'Idarucizumab is a humanised antibody fragment that binds dabigatran with very high affinity ' +
        'and reverses its effect within minutes, for life-threatening bleeding or emergency surgery.',
      'Prothrombin complex concentrate replaces factors II, VII, IX and X for ' +
        'warfarin reversal and is sometimes used non-specifically in DOAC ' +
        'bleeding, but it is not a specific antidote to dabigatran.',
    ],
    objective:
      'Idarucizumab is the specific reversal agent for dabigatran, ' +
      'whereas andexanet alfa reverses apixaban and rivaroxaban.',
    references: [{ title: 'BNF: Idarucizumab', url: 'https://bnf.nice.org.uk/' }],
  },
  {
    question:
      'A patient on warfarin has a major gastrointestinal bleed with an INR of 6.2. What is the most ' +
      'appropriate management?',
    options: [
      'Omit one dose of warfarin and recheck the INR tomorrow',
      'Stop warfarin and give IV phytomenadione (vitamin K1) plus prothrombin complex concentrate',
      'Give IV protamine sulfate',
      'Give oral phytomenadione and continue warfarin at a lower dose',
    ],
    correctAnswer: 1,
    explanation:
      'Major bleeding on warfarin is treated by stopping warfarin and giving IV phytomenadione with ' +
      'prothrombin complex concentrate (fresh frozen plasma only if it is unavailable). Protamine reverses ' +
      'heparin, not warfarin.',
    rationales: [
      'Omitting a dose suits a high INR without bleeding, not a ' +
        'major bleed, which needs immediate reversal.',
      'For major bleeding, stop warfarin and give IV phytomenadione (5 mg in adults) with ' +
        'prothrombin complex concentrate, which replaces the missing factors within minutes; fresh ' +
        'frozen plasma is used only if prothrombin complex concentrate is unavailable.',
      'Protamine reverses heparin, not warfarin.',
      'Oral phytomenadione takes hours to act and is for a raised INR with no or ' +
        'minor bleeding; in major bleeding warfarin is stopped, not continued.',
    ],
    objective:
      'Major bleeding on warfarin is treated by stopping warfarin and ' +
      'giving IV vitamin K with prothrombin complex concentrate.',
    references: [{ title: 'BNF: Warfarin sodium', url: 'https://bnf.nice.org.uk/' }, REF.bshWarfarin],
  },
  {
    question:
      'A patient has a documented anaphylactic reaction to penicillin. Which antibiotic must be avoided?',
    options: ['Clarithromycin', 'Doxycycline', 'Co-amoxiclav', 'Vancomycin'],
    correctAnswer: 2,
    explanation:
      'Co-amoxiclav contains amoxicillin, a penicillin, so it must be avoided; watch for other combination ' +
      'or brand names such as piperacillin with tazobactam. Macrolides, tetracyclines and glycopeptides ' +
      'are not beta-lactams.',
    rationales: [
      'Clarithromycin is a macrolide, not a beta-lactam, and is a usual alternative in ' +
        'penicillin allergy (watch its interactions, for example with statins).',
      'Doxycycline is a tetracycline, unrelated to penicillin, and a common alternative for ' +
        'respiratory infections (avoided in pregnancy and in children under 12).',
      'Co-amoxiclav is amoxicillin with clavulanic acid, so it is a penicillin and must ' +
        'not be given; after an immediate reaction such as anaphylaxis the BNF also advises ' +
        'avoiding cephalosporins and other beta-lactams, and penicillin combinations such ' +
        'as piperacillin with tazobactam must be recognised by name.',
      'Vancomycin is a glycopeptide, not a beta-lactam, and is used for serious ' +
        'Gram-positive infections in people with penicillin allergy.',
    ],
    objective: 'Co-amoxiclav contains amoxicillin, so it must be avoided in penicillin allergy.',
    references: [{ title: 'BNF: Penicillins', url: 'https://bnf.nice.org.uk/' }, REF.niceCg183],
  },
  {
    question: 'What is the mechanism of action of trimethoprim?',
    options: [
      'Inhibition of bacterial dihydrofolate reductase',
      'Inhibition of bacterial cell wall synthesis',
      'Binding to the 50S ribosomal subunit',
      'Inhibition of DNA gyrase',
    ],
    correctAnswer: 0,
    explanation:
      'Trimethoprim inhibits bacterial dihydrofolate reductase, blocking folate synthesis; as a folate ' +
      'antagonist it is avoided in the first trimester of pregnancy. It can also raise serum potassium and ' +
      'creatinine.',
    rationales: [
      'Trimethoprim inhibits bacterial dihydrofolate reductase and so blocks folate synthesis; ' +
        'as a folate antagonist it is avoided in the first trimester of pregnancy, and it can ' +
        'raise serum potassium and creatinine by blocking their tubular secretion.',
      'Inhibiting cell wall synthesis is how beta-lactams (penicillins, ' +
        'cephalosporins, carbapenems) and glycopeptides such as vancomycin work.',
      'Binding the 50S ribosomal subunit is the mechanism of ' +
        'macrolides, clindamycin, chloramphenicol and linezolid.',
      'Inhibiting DNA gyrase (a topoisomerase) is the mechanism ' +
        'of fluoroquinolones such as ciprofloxacin.',
    ],
    objective:
      'Trimethoprim is a folate antagonist that inhibits bacterial dihydrofolate ' +
      'reductase, so it is avoided in the first trimester of pregnancy.',
    references: [{ title: 'BNF: Trimethoprim', url: 'https://bnf.nice.org.uk/' }, REF.niceNg109],
  },
  {
    question: 'Which of these antibiotics carries the highest risk of Clostridioides difficile infection?',
    options: ['Nitrofurantoin', 'Doxycycline', 'Trimethoprim', 'Clindamycin'],
    correctAnswer: 3,
    explanation:
      'Clindamycin, cephalosporins, fluoroquinolones and co-amoxiclav are strongly associated with C. ' +
      'difficile infection because they disrupt normal gut flora. Nitrofurantoin, doxycycline and ' +
      'trimethoprim are lower-risk choices.',
    rationales: [
      'Nitrofurantoin is concentrated in the urine with little ' +
        'effect on gut flora, so its C. difficile risk is low.',
      'Doxycycline carries a relatively low risk of C. difficile infection.',
      'Trimethoprim is a lower-risk antibiotic for C. difficile infection.',
      'Clindamycin has one of the strongest associations with C. difficile infection because it ' +
        'profoundly disrupts the anaerobic gut flora; cephalosporins, fluoroquinolones and ' +
        'co-amoxiclav are also high risk, so they are avoided when a narrower alternative will do.',
    ],
    objective:
      'Clindamycin, cephalosporins, fluoroquinolones and co-amoxiclav carry ' +
      'the highest risk of Clostridioides difficile infection.',
    references: [REF.niceNg199, REF.pheCdiff],
  },
  {
    question: 'In paracetamol overdose, how does acetylcysteine prevent liver damage?',
    options: [
      'It increases renal excretion of paracetamol',
      'It replenishes glutathione, which detoxifies the reactive metabolite NAPQI',
      'It blocks absorption of paracetamol from the gut',
      'It inhibits the cytochrome P450 enzymes that metabolise paracetamol',
    ],
    correctAnswer: 1,
    explanation:
      'In overdose, glucuronidation and sulfation are saturated, more paracetamol is converted to the ' +
      'toxic metabolite NAPQI, and hepatic glutathione is depleted. Acetylcysteine acts as a glutathione ' +
      'precursor, restoring detoxification of NAPQI.',
    rationales: [
      'Acetylcysteine does not increase the renal excretion of paracetamol.',
      'In overdose, glucuronidation and sulfation are saturated, more paracetamol is oxidised to ' +
        'NAPQI and hepatic glutathione is depleted; acetylcysteine replenishes glutathione so NAPQI ' +
        'is detoxified, and it is most effective when started within 8 hours of ingestion.',
      'Activated charcoal, not acetylcysteine, reduces absorption, ' +
        'and only if given within about an hour of ingestion.',
      'Acetylcysteine does not inhibit the cytochrome P450 enzymes that ' +
        'form NAPQI; it works downstream by restoring glutathione.',
    ],
    objective:
      'Acetylcysteine protects the liver in paracetamol overdose by ' +
      'replenishing glutathione, which detoxifies NAPQI.',
    references: [REF.toxbase, { title: 'BNF: Acetylcysteine', url: 'https://bnf.nice.org.uk/' }],
  },
  {
    question: 'In which condition is propranolol contraindicated?',
    options: [
      'Migraine prophylaxis',
      'Asthma',
      'Essential tremor',
      'Anxiety with prominent physical symptoms',
      'Symptom control in thyrotoxicosis',
    ],
    correctAnswer: 1,
    explanation:
      'Non-selective beta-blockers block airway beta-2 receptors and can cause life-threatening ' +
      'bronchospasm, so the BNF advises avoiding beta-blockers in people with a history of asthma. The ' +
      'other options are established uses of propranolol.',
    rationales: [
      'Propranolol is a recognised option for migraine prophylaxis.',
      'Propranolol blocks beta-2 receptors in the airways and can cause severe, even ' +
        'fatal, bronchospasm; the BNF advises that beta-blockers, even cardioselective ' +
        'ones, should usually be avoided in people with a history of asthma.',
      'Propranolol is a first-line treatment for essential tremor.',
      'Propranolol is used to relieve the physical symptoms of ' +
        'anxiety, such as palpitations and tremor.',
      'Propranolol controls adrenergic symptoms such as tachycardia and tremor ' +
        'in thyrotoxicosis while antithyroid treatment takes effect.',
    ],
    objective:
      'Non-selective beta-blockers such as propranolol can cause ' +
      'life-threatening bronchospasm and should be avoided in asthma.',
    references: [{ title: 'BNF: Propranolol hydrochloride', url: 'https://bnf.nice.org.uk/' }],
  },
  {
    question: 'What is the mechanism of action of statins?',
    options: [
      'Inhibition of intestinal cholesterol absorption',
      'Activation of PPAR-alpha',
      'Inhibition of HMG-CoA reductase, the rate-limiting enzyme in cholesterol synthesis',
      'Binding of bile acids in the gut',
    ],
    correctAnswer: 2,
    explanation:
      'Statins inhibit HMG-CoA reductase, reducing hepatic cholesterol synthesis and up-regulating LDL ' +
      'receptors. Ezetimibe blocks intestinal absorption, fibrates activate PPAR-alpha and bile acid ' +
      'sequestrants bind bile acids.',
    rationales: [
      'Inhibiting intestinal cholesterol absorption is the mechanism of ezetimibe.',
      'Activating PPAR-alpha is how fibrates such as fenofibrate lower triglycerides.',
      'Statins inhibit HMG-CoA reductase, the rate-limiting step of hepatic cholesterol synthesis, ' +
        'and the liver responds by up-regulating LDL receptors and clearing more LDL from the blood.',
      'Binding bile acids in the gut is how bile acid ' +
        'sequestrants such as colestyramine and colesevelam work.',
    ],
    objective:
      'Statins inhibit HMG-CoA reductase, lowering hepatic ' +
      'cholesterol synthesis and increasing LDL clearance.',
    references: [REF.niceNg238, REF.bnf],
  },
  {
    question:
      'A patient taking sertraline is started on tramadol. Which adverse reaction is of particular concern?',
    options: ['Serotonin syndrome', 'Hyperkalaemia', 'Lactic acidosis', 'Ototoxicity'],
    correctAnswer: 0,
    explanation:
      'Both drugs increase serotonergic activity, and serotonin syndrome presents with agitation, ' +
      'hyperthermia, tremor, clonus and hyperreflexia. Tramadol also lowers the seizure threshold.',
    rationales: [
      'Sertraline inhibits serotonin reuptake and tramadol also has serotonergic activity, so ' +
        'together they can cause serotonin syndrome (agitation, hyperthermia, sweating, tremor, ' +
        'clonus and hyperreflexia); tramadol also lowers the seizure threshold.',
      'Neither drug is associated with hyperkalaemia, which is linked to drugs such ' +
        'as ACE inhibitors, potassium-sparing diuretics and trimethoprim.',
      'Lactic acidosis is associated with metformin accumulation, not with SSRIs or tramadol.',
      'Ototoxicity is linked to aminoglycosides and high-dose loop diuretics, not to this combination.',
    ],
    objective: 'Combining an SSRI such as sertraline with tramadol can cause serotonin syndrome.',
    references: [
      { title: 'BNF: Tramadol hydrochloride', url: 'https://bnf.nice.org.uk/' },
      REF.bnfInteractions,
    ],
  },
  {
    question:
      'To which opioid adverse effect does tolerance usually NOT develop, so that it needs ongoing ' +
      'prevention?',
    options: ['Nausea', 'Sedation', 'Respiratory depression', 'Constipation'],
    correctAnswer: 3,
    explanation:
      'Tolerance develops to opioid-induced nausea, sedation and respiratory depression, but not to ' +
      'constipation (or miosis). A laxative should therefore be co-prescribed for regular opioid use.',
    rationales: [
      'Tolerance to opioid-induced nausea usually develops within days, ' +
        'so an antiemetic is often needed only at the start.',
      'Sedation usually wears off over several days as tolerance develops; new or ' +
        'increasing drowsiness suggests toxicity, for example from renal impairment.',
      'Tolerance to respiratory depression develops with regular use, which is ' +
        'why it is uncommon with carefully titrated doses, although it remains a ' +
        'risk with rapid dose increases or reduced clearance.',
      'Opioids slow gut motility through mu receptors in the bowel and little or no tolerance ' +
        'develops, so a regular laxative is prescribed with ongoing opioid treatment.',
    ],
    objective:
      'Tolerance does not develop to opioid-induced constipation, so ' +
      'prescribe a regular laxative with regular opioids.',
    references: [REF.niceCg140, REF.bnf],
  },
  {
    question: 'Which of these drugs is most likely to cause hyperkalaemia?',
    options: ['Furosemide', 'Bendroflumethiazide', 'Spironolactone', 'Salbutamol'],
    correctAnswer: 2,
    explanation:
      'Spironolactone is an aldosterone antagonist that reduces potassium excretion; the risk rises with ' +
      'ACE inhibitors, ARBs and renal impairment. Loop and thiazide diuretics and beta-2 agonists tend to ' +
      'lower potassium.',
    rationales: [
      'Loop diuretics such as furosemide increase potassium loss and cause hypokalaemia.',
      'Thiazide diuretics such as bendroflumethiazide increase ' +
        'potassium excretion and cause hypokalaemia.',
      'Spironolactone blocks aldosterone in the collecting duct and reduces potassium excretion; ' +
        'the risk is greatest with ACE inhibitors, ARBs, renal impairment or potassium supplements, ' +
        'so potassium and renal function are checked after starting and regularly.',
      'Beta-2 agonists drive potassium into cells and lower serum potassium, ' +
        'which is why nebulised salbutamol is used to treat hyperkalaemia.',
    ],
    objective:
      'Spironolactone reduces potassium excretion and can cause hyperkalaemia, ' +
      'especially with ACE inhibitors, ARBs or renal impairment.',
    references: [{ title: 'BNF: Spironolactone', url: 'https://bnf.nice.org.uk/' }],
  },
  {
    question: 'How often is oral methotrexate taken for rheumatoid arthritis?',
    options: ['Once daily', 'Once a week, on the same day each week', 'Twice daily', 'Once a month'],
    correctAnswer: 1,
    explanation:
      'Oral methotrexate for rheumatoid arthritis is taken once weekly; accidental daily dosing has caused ' +
      'fatal toxicity. Folic acid is usually prescribed on a different day of the week.',
    rationales: [
      'Daily dosing is a recognised cause of fatal methotrexate toxicity (bone marrow ' +
        'suppression, mucositis and liver damage); for rheumatoid arthritis it is always weekly.',
      'Oral methotrexate for rheumatoid arthritis is taken once a week on the same ' +
        'day, with the day written on the prescription; folic acid is given on a ' +
        'different day, and blood count, liver and renal function are monitored.',
      'Twice-daily dosing would give many times the intended dose and could be fatal.',
      'Monthly dosing would be far too infrequent to control ' +
        'rheumatoid arthritis; the regimen is weekly.',
    ],
    objective: 'Oral methotrexate for rheumatoid arthritis is taken once a week, on the same day each week.',
    references: [
      {
        title:
          'MHRA Drug Safety Update (September 2020): Methotrexate once-weekly ' +
          'for autoimmune diseases — new measures to reduce risk of fatal ' +
          'overdose due to inadvertent daily instead of weekly dosing',
        url: 'https://www.gov.uk/drug-safety-update',
      },
      { title: 'BNF: Methotrexate', url: 'https://bnf.nice.org.uk/' },
    ],
  },
  {
    question: 'Why does co-prescribing allopurinol with azathioprine require great caution?',
    options: [
      'Allopurinol induces the metabolism of azathioprine, making it ineffective',
      'Azathioprine blocks the urate-lowering effect of allopurinol',
      'The combination causes severe hypoglycaemia',
      "Allopurinol inhibits xanthine oxidase, which inactivates azathioprine's active metabolite, " +
        'increasing the risk of bone marrow suppression',
    ],
    correctAnswer: 3,
    explanation:
      'Azathioprine is converted to 6-mercaptopurine, which is inactivated by xanthine oxidase. ' +
      'Allopurinol blocks this route, so levels rise and can cause severe myelosuppression; the ' +
      'combination is avoided or the azathioprine dose is substantially reduced with close blood count ' +
      'monitoring.',
    rationales: [
      "Allopurinol inhibits, rather than induces, the breakdown of azathioprine's " +
        'active metabolite, so toxicity, not loss of effect, is the danger.',
      'Azathioprine does not block the urate-lowering effect of ' +
        'allopurinol; the concern is azathioprine toxicity.',
      'Hypoglycaemia is not a feature of this interaction; the danger is bone marrow suppression.',
      'Azathioprine is converted to 6-mercaptopurine, which xanthine oxidase inactivates; ' +
        'allopurinol blocks this, so active thiopurine metabolites accumulate and can cause ' +
        'severe myelosuppression. The combination is avoided, or azathioprine is cut to a ' +
        'quarter of the usual dose with close blood count monitoring.',
    ],
    objective:
      "Allopurinol blocks xanthine oxidase, which inactivates azathioprine's active " +
      'metabolite, so the combination risks severe bone marrow suppression.',
    references: [REF.bnfInteractions, { title: 'BNF: Azathioprine', url: 'https://bnf.nice.org.uk/' }],
  },
  {
    question:
      'Which drug reduces the effectiveness of the combined oral contraceptive pill through hepatic enzyme ' +
      'induction?',
    options: ['Rifampicin', 'Clarithromycin', 'Amoxicillin', 'Sodium valproate'],
    correctAnswer: 0,
    explanation:
      'Rifampicin is a potent enzyme inducer that increases metabolism of oestrogens and progestogens, so ' +
      'an alternative or additional method of contraception is needed. Non-enzyme-inducing antibiotics ' +
      'such as amoxicillin do not reduce the effectiveness of combined hormonal contraception.',
    rationales: [
      'Rifampicin is a potent inducer of hepatic enzymes that speeds the metabolism of ' +
        'oestrogens and progestogens, so the combined pill becomes unreliable; a method ' +
        'unaffected by enzyme inducers (such as a copper or levonorgestrel IUD, or progestogen ' +
        'injection) is advised, continuing for 28 days after rifampicin stops.',
      'Clarithromycin is an enzyme inhibitor, not an inducer, and does not ' +
        'reduce the effectiveness of combined hormonal contraception.',
      'Amoxicillin is not an enzyme inducer, and non-enzyme-inducing ' +
        'antibiotics do not reduce the effectiveness of combined hormonal ' +
        'contraception unless vomiting or diarrhoea affects absorption.',
      "Sodium valproate is not an enzyme inducer, so it does not reduce the pill's " +
        'effectiveness; because it is highly teratogenic, people who could become pregnant must ' +
        'use highly effective contraception under the valproate pregnancy prevention programme.',
    ],
    objective:
      'Enzyme inducers such as rifampicin make the combined pill unreliable, ' +
      'while non-enzyme-inducing antibiotics such as amoxicillin do not.',
    references: [
      {
        title:
          'Faculty of Sexual and Reproductive Healthcare: Clinical ' +
          'guideline — Drug interactions with hormonal contraception',
        url: null,
      },
      REF.bnfInteractions,
    ],
  },
  {
    question: 'Which of the following is a recognised adverse effect of amiodarone?',
    options: [
      'Gingival hyperplasia',
      'Dry cough caused by bradykinin accumulation',
      'Ototoxicity',
      'Hyperkalaemia',
      'Pulmonary fibrosis',
    ],
    correctAnswer: 4,
    explanation:
      'Amiodarone can cause pulmonary toxicity (pneumonitis and fibrosis), thyroid dysfunction, liver ' +
      'toxicity, photosensitivity, corneal microdeposits and peripheral neuropathy. Thyroid and liver ' +
      'function are checked before and during treatment, with a baseline chest X-ray.',
    rationales: [
      'Gingival hyperplasia is associated with phenytoin, ciclosporin and ' +
        'calcium-channel blockers such as nifedipine, not amiodarone.',
      'A bradykinin-mediated dry cough is an adverse effect of ACE inhibitors; a new ' +
        'cough on amiodarone should instead raise concern about pulmonary toxicity.',
      'Ototoxicity is linked to aminoglycosides and high-dose loop diuretics, not amiodarone.',
      'Amiodarone does not cause hyperkalaemia; rather, hypokalaemia should be corrected ' +
        "because it adds to the arrhythmic risk of amiodarone's QT prolongation.",
      'Amiodarone can cause pneumonitis and pulmonary fibrosis, presenting with breathlessness ' +
        'or cough, as well as thyroid dysfunction, liver toxicity, photosensitivity, corneal ' +
        'microdeposits and peripheral neuropathy; thyroid and liver function are checked before ' +
        'and every 6 months during treatment, with a baseline chest X-ray.',
    ],
    objective:
      'Amiodarone can cause pulmonary fibrosis as well as thyroid, liver, skin ' +
      'and eye toxicity, so it needs baseline and regular monitoring.',
    references: [{ title: 'BNF: Amiodarone hydrochloride', url: 'https://bnf.nice.org.uk/' }],
  },
];

/** Gives each question, by position, one of the exam's topics. */
function withTopics(questions: DemoQuestion[], topics: string[], byIndex: number[]): DemoQuestion[] {
  if (byIndex.length !== questions.length) throw new Error('every demo question needs a topic');
  return questions.map((question, index) => ({ ...question, topic: topics[byIndex[index]!] }));
}

const CLINICAL_TOPICS = [
  'Cardiology',
  'Respiratory',
  'Endocrinology',
  'Renal',
  'Gastroenterology',
  'Neurology',
];
const NURSING_TOPICS = [
  'Observations and NEWS2',
  'Fluid balance',
  'Infection prevention',
  'Tissue viability and nutrition',
  'Medicines safety',
  'Sepsis',
  'Resuscitation and emergencies',
];
const PHARMACOLOGY_TOPICS = [
  'Mechanisms of action',
  'Adverse effects',
  'Interactions',
  'Monitoring and renal dosing',
  'Anticoagulation',
  'Antimicrobials',
  'Safe prescribing',
];

export const demoExams: DemoExam[] = [
  {
    title: 'Clinical Medicine Essentials',
    description:
      'Twenty-five single-best-answer questions on core cardiology, respiratory, endocrine, renal, ' +
      'gastroenterology and neurology topics. Written for UK medical students and foundation doctors ' +
      'consolidating the fundamentals of acute and general medicine.',
    category: 'medical',
    pricePence: 0,
    numberOfQuestions: clinicalMedicineQuestions.length,
    tags: [
      'medicine',
      'cardiology',
      'respiratory',
      'endocrinology',
      'renal',
      'gastroenterology',
      'neurology',
    ],
    topics: CLINICAL_TOPICS,
    questions: withTopics(
      clinicalMedicineQuestions,
      CLINICAL_TOPICS,
      [0, 1, 1, 2, 2, 2, 3, 3, 4, 4, 0, 5, 5, 5, 0, 0, 1, 1, 1, 2, 2, 3, 4, 5, 0],
    ),
    samples: [0, 1, 3],
  },
  {
    title: 'Adult Nursing Fundamentals',
    description:
      'Twenty-five questions covering NEWS2 and escalation, fluid balance, infection prevention and ' +
      'control, pressure ulcers, medication safety, sepsis, basic life support and wound care. Ideal for ' +
      'student nurses and newly registered adult nurses.',
    category: 'nursing',
    pricePence: 499,
    numberOfQuestions: adultNursingQuestions.length,
    tags: ['nursing', 'NEWS2', 'infection control', 'sepsis', 'basic life support', 'wound care'],
    topics: NURSING_TOPICS,
    questions: withTopics(
      adultNursingQuestions,
      NURSING_TOPICS,
      [0, 0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 3, 3, 6],
    ),
    samples: [0, 14],
  },
  {
    title: 'Pharmacology and Medicines Management',
    description:
      'Twenty-five questions on drug mechanisms, interactions, adverse effects, therapeutic drug ' +
      'monitoring, renal dosing, anticoagulants and antibiotics, in line with the BNF. Suited to pharmacy ' +
      'students, foundation trainee pharmacists and prescribers preparing for safety-focused assessments.',
    category: 'pharmacy',
    pricePence: 999,
    numberOfQuestions: pharmacologyQuestions.length,
    tags: ['pharmacology', 'prescribing', 'drug interactions', 'anticoagulants', 'antibiotics', 'BNF'],
    topics: PHARMACOLOGY_TOPICS,
    questions: withTopics(
      pharmacologyQuestions,
      PHARMACOLOGY_TOPICS,
      [4, 1, 2, 5, 3, 3, 2, 3, 3, 3, 4, 4, 6, 5, 5, 0, 1, 0, 2, 1, 1, 6, 2, 2, 1],
    ),
    samples: [0, 2, 15],
  },
];

// ---------------------------------------------------------------------------------------------------------
// Articles
// ---------------------------------------------------------------------------------------------------------

const sepsisArticle = `<h2>Why early recognition matters</h2>
<p>Sepsis is a time-critical emergency. The earlier it is recognised and treated, the better the chance of
survival without lasting harm, yet its early signs are often subtle and easily attributed to "just an
infection". Every clinician, whatever their role, needs a clear mental model of what sepsis is and what to
do when they suspect it.</p>

<h2>What sepsis is (and is not)</h2>
<p>The Sepsis-3 international consensus (2016) defines sepsis as <strong>life-threatening organ dysfunction
caused by a dysregulated host response to infection</strong>. Organ dysfunction is identified by an acute
rise in the SOFA score of 2 points or more. <strong>Septic shock</strong> is a subset of sepsis in which
vasopressors are needed to keep the mean arterial pressure at 65 mmHg or above <em>and</em> serum lactate is
above 2 mmol/L despite adequate fluid resuscitation.</p>
<p>Fever and a raised white cell count are neither necessary nor sufficient. Older people, those on
immunosuppressants and people with overwhelming infection may be normothermic or even hypothermic.</p>

<h2>Who is at higher risk?</h2>
<ul>
  <li>People aged over 75 or who are very frail</li>
  <li>People with impaired immunity, for example from chemotherapy, long-term steroids or other
  immunosuppressant drugs</li>
  <li>People who have had surgery or another invasive procedure in the past 6 weeks</li>
  <li>Anyone with a breach of skin integrity (cuts, burns, blisters, skin infections) or an indwelling line
  or catheter</li>
  <li>People who inject drugs</li>
  <li>Women who are pregnant, or who have given birth or had a termination or miscarriage in the past
  6 weeks</li>
</ul>

<h2>Spotting the deteriorating patient</h2>
<p>In UK hospitals and ambulance services, NEWS2 is the standard early warning score. The Royal College of
Physicians advises that a <strong>NEWS2 score of 5 or more</strong> in a patient with known or suspected
infection should prompt the question "could this be sepsis?" and an urgent clinical review. A score of 7 or
more requires an emergency response.</p>
<p>Features that UK guidance treats as signs of high risk include:</p>
<ul>
  <li>Respiratory rate of 25 breaths per minute or more, or a new need for oxygen to keep saturations at
  92% or above</li>
  <li>Systolic blood pressure of 90 mmHg or less, or more than 40 mmHg below the person's normal</li>
  <li>Heart rate above 130 beats per minute</li>
  <li>Objective evidence of new altered mental state</li>
  <li>No urine passed in the previous 18 hours, or less than 0.5 mL/kg/hour if catheterised</li>
  <li>Mottled or ashen skin, cyanosis, or a non-blanching rash</li>
</ul>
<p>The qSOFA score (respiratory rate of 22/min or more, altered mentation, systolic pressure of 100 mmHg or
less) can flag patients at risk of poor outcomes, but it is <em>not</em> recommended as a stand-alone
screening tool because it misses many patients early in their illness.</p>

<h2>The first hour: the Sepsis Six</h2>
<p>Once sepsis is suspected in a high-risk patient, involve a senior clinician and complete these steps,
ideally within one hour:</p>
<ol>
  <li><strong>Give oxygen</strong> if needed to reach target saturations (94–98%, or 88–92% for people at
  risk of hypercapnic respiratory failure).</li>
  <li><strong>Take blood cultures</strong>, ideally before antibiotics but without delaying them.</li>
  <li><strong>Give IV antibiotics</strong> according to local guidelines and the likely source.</li>
  <li><strong>Give IV fluids</strong> if the patient is hypotensive or lactate is raised, reassessing after
  each bolus.</li>
  <li><strong>Measure lactate</strong> (a venous sample is fine initially) along with full blood count,
  renal function, clotting and glucose.</li>
  <li><strong>Monitor urine output</strong> closely; consider a catheter and a fluid balance chart.</li>
</ol>
<blockquote>If you think it might be sepsis, say the word. Using "sepsis" explicitly when you escalate helps
the whole team prioritise the patient.</blockquote>

<h2>Communicating your concern</h2>
<p>Use a structured handover such as <strong>SBAR</strong> (Situation, Background, Assessment,
Recommendation). State the NEWS2 score, the suspected source and what you need, for example "I would like
you to review this patient within 30 minutes". Document the time of escalation and of each intervention.</p>

<h2>After the acute phase</h2>
<p>Source control (draining an abscess, removing an infected line) is as important as antibiotics. Review
microbiology results within 48 hours to narrow or stop antimicrobials. Many survivors experience fatigue,
weakness, poor sleep, low mood or memory problems for months afterwards, so discharge planning should include
information about recovery and where to seek help.</p>`;

const mcqArticle = `<h2>Understand the exam before you study for it</h2>
<p>Most UK medical, nursing and pharmacy assessments now use <strong>single best answer (SBA)</strong>
questions: a short clinical vignette, a lead-in question and four or five options, several of which may be
partly true. Your task is to choose the <em>best</em> answer, not merely a correct one. Before you open a
textbook, find out:</p>
<ul>
  <li>How many questions there are and how long you have, so you know your time per question</li>
  <li>Whether there is negative marking (most modern exams have none, so never leave a blank)</li>
  <li>The published blueprint or curriculum, and how marks are weighted across topics</li>
  <li>Whether calculations, images, ECGs or data interpretation are included</li>
</ul>

<h2>Build a realistic plan</h2>
<p>Work backwards from the exam date. Map the blueprint against your confidence in each area and give more
time to high-weight, low-confidence topics. A simple eight-week structure might look like this:</p>
<table>
  <thead>
    <tr><th>Weeks</th><th>Focus</th><th>Question practice</th></tr>
  </thead>
  <tbody>
    <tr><td>1–3</td><td>Core topics by system, filling knowledge gaps</td><td>Untimed, by topic</td></tr>
    <tr><td>4–6</td><td>Weaker areas and high-yield guidelines</td><td>Timed, mixed topics</td></tr>
    <tr><td>7</td><td>Full-length mock exams and review</td><td>Exam conditions</td></tr>
    <tr><td>8</td><td>Light revision of your error log; rest</td><td>Short mixed sets only</td></tr>
  </tbody>
</table>

<h2>Use study methods that actually work</h2>
<p>Research on learning consistently finds that some techniques outperform others. Re-reading and
highlighting feel productive but produce relatively little long-term retention. Instead, prioritise:</p>
<ul>
  <li><strong>Active recall</strong>: testing yourself by answering questions or writing out what you remember
  before checking your notes.</li>
  <li><strong>Spaced repetition</strong>: revisiting material at increasing intervals (for example after one
  day, three days, a week and a month) rather than cramming.</li>
  <li><strong>Interleaving</strong>: mixing topics in a session, which mirrors the real exam and trains you to
  identify what a question is really asking.</li>
  <li><strong>Explaining</strong>: teaching a concept to a study partner exposes gaps quickly.</li>
</ul>

<h2>Get the most from question banks</h2>
<p>Practice questions are only as useful as the review that follows them. For every question, including the
ones you got right, read the explanation and ask why each wrong option is wrong. Keep an <strong>error
log</strong> and classify each mistake:</p>
<ol>
  <li><strong>Knowledge gap</strong>: you did not know the fact. Add it to your spaced-repetition cards.</li>
  <li><strong>Misreading</strong>: you missed a word such as "NOT", "first" or "most likely". Slow down on
  the lead-in.</li>
  <li><strong>Reasoning error</strong>: you knew the facts but applied them wrongly. Revisit the underlying
  principle or guideline.</li>
</ol>
<p>Patterns in your log tell you exactly where to spend your remaining time.</p>

<h2>Technique on the day</h2>
<ul>
  <li>Read the lead-in (the actual question) first, then the vignette, so you know what you are looking
  for.</li>
  <li>Try to answer before looking at the options, then see whether your answer is there.</li>
  <li>Eliminate options that are clearly wrong; comparing the final two against the key clue in the stem is
  usually decisive.</li>
  <li>Note the clinical setting and the stage of management: "initial investigation" and "definitive
  treatment" have different answers.</li>
  <li>Do not get stuck. Flag difficult questions, choose your best answer and move on; return if time
  allows.</li>
  <li>Change an answer when you have a clear reason, such as spotting a detail you missed. Studies of answer
  changing suggest that reasoned changes more often go from wrong to right than the reverse.</li>
</ul>

<h2>Look after the learner</h2>
<p>Sleep is when memories are consolidated, so protect it, especially in the final week. Regular exercise,
proper meals and short breaks during study sessions all improve concentration. If anxiety is affecting your
preparation, talk to your tutor, occupational health or student support early; they help many students
every year.</p>

<blockquote>The goal is not to have seen every question, but to understand the principles well enough to
answer one you have never seen before.</blockquote>`;

const pharmacyCareerArticle = `<h2>What clinical pharmacists do</h2>
<p>Clinical pharmacists apply their expertise in medicines directly to patient care. They review and
optimise prescriptions, prevent and resolve medication errors, advise prescribers, counsel patients and,
increasingly, prescribe independently. Their work makes treatment safer and more effective and reduces
avoidable harm from medicines, a significant cause of preventable hospital admissions.</p>

<h2>The route to registration in the UK</h2>
<ol>
  <li><strong>MPharm degree</strong>: a four-year Master of Pharmacy accredited by the General
  Pharmaceutical Council (GPhC). Some universities offer five-year programmes with integrated training.</li>
  <li><strong>Foundation training year</strong>: a year of supervised practice (formerly the
  pre-registration year) in hospital, community, primary care or a split placement.</li>
  <li><strong>GPhC registration assessment</strong>: a written examination that must be passed before
  registering as a pharmacist.</li>
</ol>
<p>The GPhC has reformed initial education and training so that, from 2026, newly registered pharmacists
will qualify as <strong>independent prescribers</strong> at the point of registration. Pharmacists who
registered earlier can complete an accredited independent prescribing course.</p>

<h2>Where clinical pharmacists work</h2>
<table>
  <thead>
    <tr><th>Setting</th><th>Typical clinical work</th></tr>
  </thead>
  <tbody>
    <tr><td>Hospital</td><td>Ward-based medicines optimisation, medicines reconciliation, specialist teams
    such as critical care, oncology, paediatrics and antimicrobial stewardship</td></tr>
    <tr><td>General practice and primary care networks</td><td>Structured medication reviews, long-term
    condition clinics, deprescribing and managing medicines after hospital discharge</td></tr>
    <tr><td>Community pharmacy</td><td>Consultations for common conditions, new medicine support, vaccination
    and, in England, the Pharmacy First service</td></tr>
    <tr><td>Mental health and specialist services</td><td>Psychotropic monitoring, clozapine services,
    addiction and homecare medicines</td></tr>
  </tbody>
</table>

<h2>Developing after registration</h2>
<p>Early-career pharmacists usually follow a structured programme that builds clinical reasoning and
consultation skills. Common steps include:</p>
<ul>
  <li>A <strong>post-registration foundation programme</strong>, such as one based on the Royal
  Pharmaceutical Society (RPS) post-registration foundation curriculum, often combined with a postgraduate
  certificate or diploma in clinical pharmacy.</li>
  <li><strong>Specialisation</strong> in a clinical area, supported by specialist interest groups and
  professional networks.</li>
  <li><strong>Advanced practice</strong>, evidenced through the RPS core advanced curriculum and
  credentialing, covering clinical practice, leadership, education and research.</li>
  <li><strong>Consultant pharmacist</strong> roles for those leading services and research at a senior
  level.</li>
</ul>
<p>In NHS hospitals, newly qualified pharmacists are commonly appointed at Agenda for Change band 6,
progressing to band 7 after foundation training or a diploma, with specialist and advanced roles at band 8a
and above. Exact structures vary between employers.</p>

<h2>Skills that set strong candidates apart</h2>
<ul>
  <li><strong>Clinical reasoning</strong>: linking a patient's history, results and goals to decisions about
  their medicines, not just checking doses.</li>
  <li><strong>Communication</strong>: explaining risks and benefits clearly to patients and challenging
  prescribing decisions constructively.</li>
  <li><strong>Numeracy and attention to detail</strong>: renal dose adjustment, therapeutic drug monitoring
  and infusion calculations.</li>
  <li><strong>Evidence appraisal</strong>: reading trials and guidelines critically to support formulary and
  individual decisions.</li>
  <li><strong>Teamwork</strong>: working within ward rounds, multidisciplinary meetings and primary care
  teams.</li>
</ul>

<h2>Practical tips if you are starting out</h2>
<ol>
  <li>Seek placements in more than one sector before choosing where to do your foundation year.</li>
  <li>Keep a reflective portfolio from the start; it supports revalidation and future applications.</li>
  <li>Find a mentor or an experienced pharmacist whose career you admire and ask how they got there.</li>
  <li>Get involved in audit or quality improvement early: it builds skills employers value.</li>
  <li>Join professional bodies and networks to keep up with guidance and opportunities.</li>
</ol>

<blockquote>Clinical pharmacy rewards curiosity: every prescription is a chance to ask whether this medicine
is still right for this patient.</blockquote>`;

const trialAppraisalArticle = `<h2>Why critical appraisal matters</h2>
<p>Guidelines and exam answers ultimately rest on clinical trials, and not all trials are equally
trustworthy. Being able to read a paper critically helps you judge whether its results are valid, whether
they matter clinically and whether they apply to your patients. The randomised controlled trial (RCT) is the
best single design for testing whether a treatment works, so it is the place to start.</p>

<h2>Start with the question: PICO</h2>
<p>Frame the trial using <strong>PICO</strong>:</p>
<ul>
  <li><strong>P</strong>opulation: who was studied? Check the inclusion and exclusion criteria.</li>
  <li><strong>I</strong>ntervention: what exactly was given, at what dose and for how long?</li>
  <li><strong>C</strong>omparison: placebo, usual care or an active alternative?</li>
  <li><strong>O</strong>utcome: was the primary outcome clinically important (death, stroke, admission)
  or a surrogate (a blood test or imaging result)?</li>
</ul>
<p>If the trial population looks very different from your patients, for example younger and with fewer
comorbidities, the results may not apply to them even if the trial is well conducted.</p>

<h2>Was the trial designed to avoid bias?</h2>
<ol>
  <li><strong>Randomisation</strong>: participants should be allocated by chance so that known and unknown
  prognostic factors are balanced between groups. Check the baseline characteristics table.</li>
  <li><strong>Allocation concealment</strong>: the people enrolling participants should not be able to
  predict the next allocation, otherwise they can (consciously or not) steer patients into a group.</li>
  <li><strong>Blinding</strong>: ideally participants, clinicians and outcome assessors do not know who
  received which treatment. Blinding matters most for subjective outcomes such as pain.</li>
  <li><strong>Follow-up</strong>: high or unequal loss to follow-up can distort results.</li>
  <li><strong>Intention-to-treat (ITT) analysis</strong>: participants are analysed in the group to which
  they were randomised, whether or not they completed treatment. This preserves the benefits of
  randomisation and reflects real-world use. A <em>per-protocol</em> analysis includes only those who
  adhered; it can overestimate benefit, so treat it as supportive.</li>
</ol>

<h2>Interpreting the results: a worked example</h2>
<p>Imagine a trial of 2,000 people at high cardiovascular risk, randomised 1,000 to a new drug and 1,000 to
placebo and followed for two years. The primary outcome is stroke.</p>
<table>
  <thead>
    <tr><th>Measure</th><th>Calculation</th><th>Result</th></tr>
  </thead>
  <tbody>
    <tr><td>Control event rate (CER)</td><td>100 strokes / 1,000</td><td>10%</td></tr>
    <tr><td>Experimental event rate (EER)</td><td>70 strokes / 1,000</td><td>7%</td></tr>
    <tr><td>Relative risk (RR)</td><td>EER ÷ CER = 7 ÷ 10</td><td>0.70</td></tr>
    <tr><td>Relative risk reduction (RRR)</td><td>(CER − EER) ÷ CER = 3 ÷ 10</td><td>30%</td></tr>
    <tr><td>Absolute risk reduction (ARR)</td><td>CER − EER = 10% − 7%</td><td>3%</td></tr>
    <tr><td>Number needed to treat (NNT)</td><td>1 ÷ ARR = 1 ÷ 0.03 = 33.3</td><td>34</td></tr>
  </tbody>
</table>
<p>The NNT is always rounded <em>up</em> to a whole number: 34 people must take the drug for two years to
prevent one stroke. Notice how different "a 30% reduction in stroke" sounds from "3 in 100 fewer strokes".
Relative measures look impressive; absolute measures tell you what the treatment means for an individual
patient. If the same drug were given to people whose baseline risk was only 1%, the same 30% relative
reduction would give an ARR of 0.3% and an NNT of about 334.</p>

<h2>Confidence intervals and p-values</h2>
<p>A <strong>95% confidence interval (CI)</strong> gives a range of values for the true effect that are
compatible with the data. In our example the 95% CI for the ARR is roughly 0.6% to 5.4%, which corresponds
to an NNT of roughly 19 to 180: the drug probably helps, but the size of the benefit is uncertain.</p>
<ul>
  <li>For a <strong>difference</strong> (such as ARR), a CI that includes 0 means the result is not
  statistically significant at the 5% level.</li>
  <li>For a <strong>ratio</strong> (such as RR or odds ratio), a CI that includes 1 means the same.</li>
  <li>A narrow CI indicates a precise estimate; a wide one suggests a small trial or few events.</li>
</ul>
<p>A <strong>p-value</strong> is the probability of obtaining a result at least as extreme as the one
observed if there were truly no difference. It does not measure the size or importance of an effect, so
always look at the effect estimate and its CI as well.</p>

<h2>A quick appraisal checklist</h2>
<ul>
  <li>Is the question clear and relevant (PICO)?</li>
  <li>Was allocation concealed, and were the groups similar at baseline?</li>
  <li>Was it blinded, and was follow-up complete?</li>
  <li>Was the primary analysis by intention to treat?</li>
  <li>Are the absolute benefits worth the harms, costs and burden?</li>
  <li>Was the trial pre-registered and reported according to CONSORT, with no switching of outcomes?</li>
</ul>
<blockquote>Statistical significance tells you an effect is unlikely to be due to chance alone; clinical
significance tells you whether it is worth having.</blockquote>`;

export const demoArticles: DemoArticle[] = [
  {
    title: 'Recognising Sepsis Early: What Every Clinician Should Know',
    summary:
      'How sepsis is defined today, who is most at risk, the warning signs to look for and the first-hour ' +
      'actions that save lives.',
    category: 'medical',
    content: sepsisArticle,
  },
  {
    title: 'How to Prepare for Multiple-Choice Medical Exams',
    summary:
      'A practical guide to planning revision, using evidence-based study techniques and getting the most ' +
      'out of practice questions for single-best-answer exams.',
    category: 'exam-prep',
    content: mcqArticle,
  },
  {
    title: 'Building a Career in Clinical Pharmacy',
    summary:
      'The UK route from MPharm to advanced clinical practice, where clinical pharmacists work, and the ' +
      'skills that help you progress.',
    category: 'career',
    content: pharmacyCareerArticle,
  },
  {
    title: 'Reading a Clinical Trial Paper Critically',
    summary:
      'A step-by-step approach to appraising randomised controlled trials, from PICO and bias to NNTs and ' +
      'confidence intervals, with a worked example.',
    category: 'research',
    content: trialAppraisalArticle,
  },
];

/** Two published courses (decision 0053): one free, one drawing on a paid exam (its units are locked). */
export const demoCourses: DemoCourse[] = [
  {
    title: 'Clinical medicine: a guided start',
    summary:
      'Learn how to approach multiple-choice exams, practise cardiology, respiratory, endocrine and renal ' +
      'questions with feedback after each answer, then sit the Clinical Medicine Essentials exam as a checkpoint.',
    category: 'medical',
    units: [
      { kind: 'article', title: '', article: 'How to Prepare for Multiple-Choice Medical Exams' },
      {
        kind: 'practice',
        title: 'Practise: cardiology and respiratory',
        exam: 'Clinical Medicine Essentials',
        topics: ['Cardiology', 'Respiratory'],
        size: 10,
        mode: 'tutor',
      },
      { kind: 'article', title: '', article: 'Recognising Sepsis Early: What Every Clinician Should Know' },
      {
        kind: 'practice',
        title: 'Practise: endocrinology and renal',
        exam: 'Clinical Medicine Essentials',
        topics: ['Endocrinology', 'Renal'],
        size: 8,
        mode: 'tutor',
      },
      {
        kind: 'checkpoint',
        title: 'Checkpoint: Clinical Medicine Essentials',
        exam: 'Clinical Medicine Essentials',
        passMark: 60,
      },
    ],
  },
  {
    title: 'Adult nursing: sepsis and the deteriorating patient',
    summary:
      'Recognise sepsis early, practise observations, NEWS2, sepsis and emergency care questions, and check ' +
      'yourself against the Adult Nursing Fundamentals exam. Its practice and checkpoint need a subscription to that exam.',
    category: 'nursing',
    units: [
      { kind: 'article', title: '', article: 'Recognising Sepsis Early: What Every Clinician Should Know' },
      {
        kind: 'practice',
        title: 'Practise: the deteriorating patient',
        exam: 'Adult Nursing Fundamentals',
        topics: ['Observations and NEWS2', 'Sepsis', 'Resuscitation and emergencies'],
        size: 10,
        mode: 'tutor',
      },
      {
        kind: 'checkpoint',
        title: 'Checkpoint: Adult Nursing Fundamentals',
        exam: 'Adult Nursing Fundamentals',
        passMark: 70,
      },
    ],
  },
];
