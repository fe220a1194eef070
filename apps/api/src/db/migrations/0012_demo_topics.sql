-- Data only: the demo exams of installations seeded before topics existed get their topic lists and
-- their questions their topics, matched by exact title and question text; anything an administrator has
-- given a topic or a topic list already is left alone.
UPDATE "exams" SET "topics" = '["Cardiology","Respiratory","Endocrinology","Renal","Gastroenterology","Neurology"]'::jsonb WHERE "title" = 'Clinical Medicine Essentials' AND "topics" = '[]'::jsonb;--> statement-breakpoint
UPDATE "questions" q SET "topic" = v.topic FROM "exams" e, (VALUES
  ('A 58-year-old man has central chest pain. His ECG shows ST-segment elevation in leads II, III and aVF. Which myocardial territory is affected?', 'Cardiology'),
  ('Which organism is the most common cause of community-acquired pneumonia in adults in the UK?', 'Respiratory'),
  ('Which of the following is NOT a component of the CURB-65 severity score for community-acquired pneumonia?', 'Respiratory'),
  ('An adult with diabetic ketoacidosis has started IV 0.9% sodium chloride. According to Joint British Diabetes Societies (JBDS) guidance, how should insulin be given?', 'Endocrinology'),
  ('Which electrolyte pattern is classically seen in primary adrenal insufficiency (Addison''s disease)?', 'Endocrinology'),
  ('Which thyroid function test result is typical of primary hypothyroidism?', 'Endocrinology'),
  ('Which of the following meets the NICE (KDIGO-based) definition of acute kidney injury in adults?', 'Renal'),
  ('A patient has a serum potassium of 7.1 mmol/L with peaked T waves and broad QRS complexes on the ECG. Which treatment is given first to stabilise the myocardium?', 'Renal'),
  ('According to NICE, which score should be used at first assessment of a patient with acute upper gastrointestinal bleeding, before endoscopy?', 'Gastroenterology'),
  ('A 24-year-old woman has bloating, loose stools and iron-deficiency anaemia. She eats a normal diet containing gluten. What is the recommended first-line test for coeliac disease?', 'Gastroenterology'),
  ('A 62-year-old White British man without diabetes has confirmed stage 2 hypertension. Following NICE guidance, which is the most appropriate first-line antihypertensive?', 'Cardiology'),
  ('A 70-year-old woman develops sudden right arm weakness and expressive dysphasia that began 90 minutes ago. Which investigation is needed before thrombolysis can be considered?', 'Neurology'),
  ('A 45-year-old woman describes a sudden, severe ''worst ever'' headache that peaked within a minute. What is the most common cause of non-traumatic subarachnoid haemorrhage?', 'Neurology'),
  ('Which tremor is most characteristic of idiopathic Parkinson''s disease?', 'Neurology'),
  ('Which drug has been shown to reduce mortality in heart failure with reduced ejection fraction?', 'Cardiology'),
  ('Which murmur is typical of aortic stenosis?', 'Cardiology'),
  ('Which spirometry result confirms airflow obstruction consistent with COPD?', 'Respiratory'),
  ('A haemodynamically stable patient with suspected pulmonary embolism has a two-level PE Wells score of 6. What is the most appropriate next investigation?', 'Respiratory'),
  ('A trauma patient is hypoxic and hypotensive, with the trachea deviated to the left and absent breath sounds and hyper-resonance on the right. What is the most appropriate immediate action?', 'Respiratory'),
  ('An adult with type 1 diabetes is alert and able to swallow. Capillary glucose is 3.2 mmol/L. What is the most appropriate initial treatment?', 'Endocrinology'),
  ('What is the most common cause of Cushing''s syndrome overall?', 'Endocrinology'),
  ('Which combination of features defines nephrotic syndrome?', 'Renal'),
  ('Which feature is characteristic of ulcerative colitis rather than Crohn''s disease?', 'Gastroenterology'),
  ('Which cerebrospinal fluid findings are most consistent with acute bacterial meningitis?', 'Neurology'),
  ('A patient presents with suspected acute coronary syndrome. Unless contraindicated, which drug should be given as soon as possible?', 'Cardiology')
) AS v(question, topic)
WHERE e."id" = q."exam_id" AND e."title" = 'Clinical Medicine Essentials' AND q."question" = v.question AND q."topic" IS NULL;--> statement-breakpoint
UPDATE "exams" SET "topics" = '["Observations and NEWS2","Fluid balance","Infection prevention","Tissue viability and nutrition","Medicines safety","Sepsis","Resuscitation and emergencies"]'::jsonb WHERE "title" = 'Adult Nursing Fundamentals' AND "topics" = '[]'::jsonb;--> statement-breakpoint
UPDATE "questions" q SET "topic" = v.topic FROM "exams" e, (VALUES
  ('A patient''s aggregate NEWS2 score is 7. What level of clinical response is required?', 'Observations and NEWS2'),
  ('A patient who was fully orientated this morning is now newly confused, although they open their eyes spontaneously. How many points does this score in the consciousness parameter of NEWS2?', 'Observations and NEWS2'),
  ('When should the SpO2 Scale 2 of NEWS2 be used?', 'Observations and NEWS2'),
  ('A 70 kg adult has a urinary catheter. Below which hourly urine output would they be considered oliguric (less than 0.5 mL/kg/hour)?', 'Fluid balance'),
  ('Which finding most suggests fluid overload?', 'Fluid balance'),
  ('You have cared for a patient with Clostridioides difficile diarrhoea. Which hand hygiene method should you use afterwards?', 'Infection prevention'),
  ('According to the WHO ''My 5 Moments for Hand Hygiene'', which situation requires hand hygiene?', 'Infection prevention'),
  ('You sustain a needlestick injury from a used needle. What is the correct immediate first aid?', 'Infection prevention'),
  ('When removing personal protective equipment (PPE) after caring for an isolated patient, which item is removed first?', 'Infection prevention'),
  ('Which description matches a category 2 pressure ulcer?', 'Tissue viability and nutrition'),
  ('According to NICE, how often should adults assessed as being at high risk of pressure ulcers be encouraged (or helped) to change position?', 'Tissue viability and nutrition'),
  ('Which tool is widely used in the UK to screen adults for risk of malnutrition?', 'Tissue viability and nutrition'),
  ('Before giving a medicine to an inpatient, which is the safest way to confirm their identity?', 'Medicines safety'),
  ('Why must the word ''units'' be written in full when prescribing or recording insulin doses?', 'Medicines safety'),
  ('Which statement best describes sepsis according to the Sepsis-3 international consensus definition?', 'Sepsis'),
  ('Which of the following is NOT one of the ''Sepsis Six'' interventions?', 'Sepsis'),
  ('An adult with suspected sepsis is assessed as being at high risk of severe illness or death. According to NICE, within what time should IV antibiotics be given?', 'Sepsis'),
  ('You find an adult collapsed on the ward. They are unresponsive and making only occasional noisy gasps. What should you do?', 'Resuscitation and emergencies'),
  ('What is the ratio of chest compressions to rescue breaths in adult CPR?', 'Resuscitation and emergencies'),
  ('What rate and depth of chest compressions does Resuscitation Council UK recommend for adult CPR?', 'Resuscitation and emergencies'),
  ('During a cardiac arrest an AED delivers a shock. What should happen immediately afterwards?', 'Resuscitation and emergencies'),
  ('Minutes after starting an IV antibiotic, an adult develops stridor, wheeze and hypotension. The infusion has been stopped. What is the first-line drug treatment?', 'Resuscitation and emergencies'),
  ('Which principle underpins the choice of most modern wound dressings?', 'Tissue viability and nutrition'),
  ('On day 5 after abdominal surgery, which finding most strongly suggests a surgical wound infection?', 'Tissue viability and nutrition'),
  ('Ten minutes into a red cell transfusion, a patient develops fever, rigors, loin pain and hypotension. What is the first action?', 'Resuscitation and emergencies')
) AS v(question, topic)
WHERE e."id" = q."exam_id" AND e."title" = 'Adult Nursing Fundamentals' AND q."question" = v.question AND q."topic" IS NULL;--> statement-breakpoint
UPDATE "exams" SET "topics" = '["Mechanisms of action","Adverse effects","Interactions","Monitoring and renal dosing","Anticoagulation","Antimicrobials","Safe prescribing"]'::jsonb WHERE "title" = 'Pharmacology and Medicines Management' AND "topics" = '[]'::jsonb;--> statement-breakpoint
UPDATE "questions" q SET "topic" = v.topic FROM "exams" e, (VALUES
  ('What is the mechanism of action of warfarin?', 'Anticoagulation'),
  ('A patient develops a persistent dry cough after starting ramipril. What is the mechanism?', 'Adverse effects'),
  ('A patient taking simvastatin 40 mg daily is prescribed clarithromycin for a chest infection. What is the main concern?', 'Interactions'),
  ('Which adverse effects are characteristic of aminoglycosides such as gentamicin?', 'Antimicrobials'),
  ('Which electrolyte disturbance increases the risk of digoxin toxicity?', 'Monitoring and renal dosing'),
  ('When should a blood sample be taken to measure serum lithium concentration?', 'Monitoring and renal dosing'),
  ('A patient taking ramipril and furosemide buys ibuprofen for back pain. Which adverse outcome is this combination particularly likely to cause?', 'Interactions'),
  ('Why can a small increase in phenytoin dose cause a disproportionately large rise in plasma concentration?', 'Monitoring and renal dosing'),
  ('According to the BNF, metformin should be avoided when eGFR falls below which value?', 'Monitoring and renal dosing'),
  ('Which equation estimates creatinine clearance from age, weight, sex and serum creatinine, and is recommended by the BNF when dosing drugs such as direct oral anticoagulants?', 'Monitoring and renal dosing'),
  ('Which agent is a specific reversal agent for dabigatran?', 'Anticoagulation'),
  ('A patient on warfarin has a major gastrointestinal bleed with an INR of 6.2. What is the most appropriate management?', 'Anticoagulation'),
  ('A patient has a documented anaphylactic reaction to penicillin. Which antibiotic must be avoided?', 'Safe prescribing'),
  ('What is the mechanism of action of trimethoprim?', 'Antimicrobials'),
  ('Which of these antibiotics carries the highest risk of Clostridioides difficile infection?', 'Antimicrobials'),
  ('In paracetamol overdose, how does acetylcysteine prevent liver damage?', 'Mechanisms of action'),
  ('In which condition is propranolol contraindicated?', 'Adverse effects'),
  ('What is the mechanism of action of statins?', 'Mechanisms of action'),
  ('A patient taking sertraline is started on tramadol. Which adverse reaction is of particular concern?', 'Interactions'),
  ('To which opioid adverse effect does tolerance usually NOT develop, so that it needs ongoing prevention?', 'Adverse effects'),
  ('Which of these drugs is most likely to cause hyperkalaemia?', 'Adverse effects'),
  ('How often is oral methotrexate taken for rheumatoid arthritis?', 'Safe prescribing'),
  ('Why does co-prescribing allopurinol with azathioprine require great caution?', 'Interactions'),
  ('Which drug reduces the effectiveness of the combined oral contraceptive pill through hepatic enzyme induction?', 'Interactions'),
  ('Which of the following is a recognised adverse effect of amiodarone?', 'Adverse effects')
) AS v(question, topic)
WHERE e."id" = q."exam_id" AND e."title" = 'Pharmacology and Medicines Management' AND q."question" = v.question AND q."topic" IS NULL;
