import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { ExamPublic, SittingMode } from '@mlp/contract';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { examQueryOptions } from '../../features/catalogue/api/catalogue-api.ts';
import { ExamDetails } from '../../features/catalogue/components/exam-details.tsx';
import { ExamInside } from '../../features/catalogue/components/exam-inside.tsx';
import type { ModeText } from '../../features/catalogue/exam-text.ts';
import { ModePicker } from '../../features/exam-taking/components/mode-picker.tsx';
import {
  MODE_NAMES,
  allowedModes,
  formatAllowance,
  modeDescription,
  takePath,
} from '../../features/exam-taking/sitting-modes.ts';
import { SubscriptionPanel } from '../../features/subscriptions/components/subscription-panel.tsx';

/** The subscription panel, with the sitting's mode chosen above 'Start Exam' (decision 0037). */
function PanelWithModes({ exam }: { exam: ExamPublic }) {
  const [mode, setMode] = useState<SittingMode>('exam');
  const chosen = exam.modes.includes(mode) ? mode : (allowedModes(exam.modes)[0] ?? 'exam');
  return (
    <SubscriptionPanel
      exam={exam}
      start={{
        picker: <ModePicker exam={exam} value={chosen} onChange={setMode} />,
        path: takePath(exam._id, chosen),
      }}
    />
  );
}

/** 'What's inside' names and describes the modes as the mode picker does (decision 0061). */
const MODE_TEXT: ModeText = {
  name: (mode) => MODE_NAMES[mode],
  description: modeDescription,
  allowance: formatAllowance,
};

export default function ExamDetailRoute() {
  const { id = '' } = useParams();
  const { data: exam } = useQuery(examQueryOptions(id));
  usePageTitle(exam?.title ?? 'Exam');
  return (
    <>
      <ExamDetails examId={id}>{(loaded) => <PanelWithModes exam={loaded} />}</ExamDetails>
      {/* Try before you buy, for visitors and learners alike (decision 0061). */}
      <ExamInside examId={id} modeText={MODE_TEXT} />
    </>
  );
}
