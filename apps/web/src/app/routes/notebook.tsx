import { usePageTitle } from '../../lib/site-settings.tsx';
import { NotebookPage } from '../../features/notebook/components/notebook-page.tsx';

/** /notebook (decision 0059): 'My notebook', the learner's private notes on questions. */
export default function NotebookRoute() {
  usePageTitle('My notebook');
  return <NotebookPage />;
}
