import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { CourseCertificate } from '../../features/courses/components/course-certificate.tsx';

export default function CourseCertificateRoute() {
  usePageTitle('Certificate of completion');
  const { id = '' } = useParams();
  return <CourseCertificate key={id} courseId={id} />;
}
