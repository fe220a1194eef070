/**
 * Demo content used to seed a fresh installation: three practice exams (one free, two paid) and four
 * articles. Pure data — no runtime dependencies. Clinical content follows current UK practice (NICE,
 * Resuscitation Council UK, BNF, JBDS, RCP NEWS2) and is written for learners, not as a clinical guideline.
 */

export interface DemoQuestion {
  question: string;
  /** 4 to 6 distinct, non-empty strings. */
  options: string[];
  /** Zero-based index into `options`. */
  correctAnswer: number;
  /** 1–3 sentences explaining why the answer is right (and key distractors wrong where useful). */
  explanation: string;
  /** one of its exam's topics (issue 18) */
  topic?: string;
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
  /** the exam's topic list (issue 18); every question has one of them */
  topics: string[];
  questions: DemoQuestion[];
}

export interface DemoArticle {
  title: string;
  /** One or two sentences. */
  summary: string;
  category: 'medical' | 'education' | 'exam-prep' | 'career' | 'research';
  /** Trusted HTML body (headings, paragraphs, lists, emphasis, blockquotes, tables). */
  content: string;
}

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
      'ketogenesis. When glucose falls below 14 mmol/L, 10% glucose is added rather than reducing the ' +
      'insulin rate, so ketones continue to be cleared.',
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
  },
  {
    question: 'What is the ratio of chest compressions to rescue breaths in adult CPR?',
    options: ['15:2', '30:2', '30:1', '5:1'],
    correctAnswer: 1,
    explanation:
      'Resuscitation Council UK adult guidance uses 30 compressions to 2 breaths. A ratio of 15:2 is used ' +
      'by healthcare rescuers for children, and once an advanced airway is in place compressions continue ' +
      'without pausing for breaths.',
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
  },
  {
    question: 'Which electrolyte disturbance increases the risk of digoxin toxicity?',
    options: ['Hypokalaemia', 'Hyperkalaemia', 'Hyponatraemia', 'Hypocalcaemia'],
    correctAnswer: 0,
    explanation:
      'Digoxin and potassium compete for binding to Na+/K+-ATPase, so low potassium enhances digoxin ' +
      'binding and effect. Hypomagnesaemia and hypercalcaemia also predispose to toxicity, so electrolytes ' +
      'need monitoring, especially with potassium-losing diuretics.',
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
  },
  {
    question: 'According to the BNF, metformin should be avoided when eGFR falls below which value?',
    options: ['90 mL/min/1.73 m²', '60 mL/min/1.73 m²', '45 mL/min/1.73 m²', '30 mL/min/1.73 m²'],
    correctAnswer: 3,
    explanation:
      'The BNF advises reviewing the dose when eGFR is below 45 mL/min/1.73 m² and avoiding metformin ' +
      'below 30, because accumulation increases the risk of lactic acidosis.',
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
  },
  {
    question: 'Which of these antibiotics carries the highest risk of Clostridioides difficile infection?',
    options: ['Nitrofurantoin', 'Doxycycline', 'Trimethoprim', 'Clindamycin'],
    correctAnswer: 3,
    explanation:
      'Clindamycin, cephalosporins, fluoroquinolones and co-amoxiclav are strongly associated with C. ' +
      'difficile infection because they disrupt normal gut flora. Nitrofurantoin, doxycycline and ' +
      'trimethoprim are lower-risk choices.',
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
  },
  {
    question:
      'A patient taking sertraline is started on tramadol. Which adverse reaction is of particular concern?',
    options: ['Serotonin syndrome', 'Hyperkalaemia', 'Lactic acidosis', 'Ototoxicity'],
    correctAnswer: 0,
    explanation:
      'Both drugs increase serotonergic activity, and serotonin syndrome presents with agitation, ' +
      'hyperthermia, tremor, clonus and hyperreflexia. Tramadol also lowers the seizure threshold.',
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
  },
  {
    question: 'Which of these drugs is most likely to cause hyperkalaemia?',
    options: ['Furosemide', 'Bendroflumethiazide', 'Spironolactone', 'Salbutamol'],
    correctAnswer: 2,
    explanation:
      'Spironolactone is an aldosterone antagonist that reduces potassium excretion; the risk rises with ' +
      'ACE inhibitors, ARBs and renal impairment. Loop and thiazide diuretics and beta-2 agonists tend to ' +
      'lower potassium.',
  },
  {
    question: 'How often is oral methotrexate taken for rheumatoid arthritis?',
    options: ['Once daily', 'Once a week, on the same day each week', 'Twice daily', 'Once a month'],
    correctAnswer: 1,
    explanation:
      'Oral methotrexate for rheumatoid arthritis is taken once weekly; accidental daily dosing has caused ' +
      'fatal toxicity. Folic acid is usually prescribed on a different day of the week.',
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
