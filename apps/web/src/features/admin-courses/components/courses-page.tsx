import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { AdminCoursesResponse, MessageResponse } from '@mlp/contract';
import { PageHeader } from '../../../components/page-sections.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedDelete } from '../../../components/dialogs/use-confirmed-delete.ts';
import { useFeedback } from '../../../components/feedback.tsx';
import { SearchForm } from '../../../components/form/search-form.tsx';
import { DataTable, tableLoadError, type TableColumn } from '../../../components/table/data-table.tsx';
import { DeleteRowButton, EditRowLink, StateChip } from '../../../components/table/cells.tsx';
import { usePagedList } from '../../../components/table/use-paged-list.ts';
import { formatDate } from '../../../lib/format.ts';
import { adminCoursesQueryOptions, useDeleteCourseMutation } from '../api/courses-api.ts';
import { categoryLabel, DELETE_COURSE_QUESTION } from '../course-rules.ts';

type CourseRow = AdminCoursesResponse['courses'][number];

export const NO_COURSES_TEXT = 'No courses yet.';

const COLUMNS: Array<TableColumn<CourseRow>> = [
  { label: 'Title', render: (course) => course.title, cellSx: { fontWeight: 600, minWidth: 200 } },
  { label: 'Category', render: (course) => categoryLabel(course.category) },
  {
    label: 'Status',
    render: (course) => {
      const published = course.status === 'published';
      return <StateChip on={published} label={published ? 'Published' : 'Draft'} />;
    },
  },
  { label: 'Units', align: 'right', render: (course) => course.unitCount },
  { label: 'Enrolled', align: 'right', render: (course) => course.enrolments },
  { label: 'Completed', align: 'right', render: (course) => course.completions },
  {
    label: 'Updated',
    render: (course) => formatDate(course.updatedAt),
    cellSx: { whiteSpace: 'nowrap' },
  },
];

/** The administrator's courses (decision 0053): search, a paged table, create, edit and delete after asking. */
export function CoursesPage() {
  const list = usePagedList();
  const courses = useQuery(adminCoursesQueryOptions(list.filters));
  const { feedback, show } = useFeedback();
  const remove = useConfirmedDelete<CourseRow, MessageResponse>(useDeleteCourseMutation(), {
    failure: 'Error deleting course',
    onDeleted: (result) => show(result.message || 'Course deleted'),
  });

  return (
    <>
      <PageHeader
        title="Courses"
        subtitle="Build courses from articles, practice sets and checkpoint exams"
        actions={
          <Button
            component={RouterLink}
            to="/admin/courses/create"
            variant="contained"
            startIcon={<AddIcon />}
          >
            Create Course
          </Button>
        }
      />
      <SearchForm label="Search courses" onSearch={list.search} />
      <DataTable
        label="Courses"
        columns={COLUMNS}
        rows={courses.data?.courses ?? []}
        rowKey={(course) => course._id}
        actions={(course) => (
          <>
            <EditRowLink label={`Edit course ${course.title}`} to={`/admin/courses/${course._id}/edit`} />
            <DeleteRowButton label={`Delete course ${course.title}`} onClick={() => remove.ask(course)} />
          </>
        )}
        loading={courses.isPending}
        error={tableLoadError(courses, 'Error fetching courses')}
        emptyText={list.filters.keyword ? list.emptyText('courses') : NO_COURSES_TEXT}
        paging={list.paging(courses.data)}
        narrow
        minWidth={820}
      />
      <ConfirmDialog
        {...remove.dialog}
        title="Delete Course"
        message={DELETE_COURSE_QUESTION}
        details={remove.target && <strong>{remove.target.title}</strong>}
      />
      {feedback}
    </>
  );
}
