import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Analytics } from '@mlp/contract';
import { SectionCard } from '../../../components/page-sections.tsx';
import { courseTopicsSummary } from '../analytics-figures.ts';
import { FiguresTable, NAME_WRAP, type FiguresColumn } from './figures-table.tsx';

type CourseTopics = Analytics['courses'][number];
type CourseTopic = CourseTopics['topics'][number];

const COURSE_TOPIC_COLUMNS: Array<FiguresColumn<CourseTopic>> = [
  {
    label: 'Topic',
    render: (topic) => (
      <>
        {topic.topic}
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block', fontWeight: 400 }}
        >
          {topic.examTitle}
        </Typography>
      </>
    ),
  },
  { label: 'Questions seen', render: (topic) => topic.seen },
  {
    label: '% correct',
    render: (topic) => (topic.percentCorrect === null ? 'Not yet' : `${topic.percentCorrect}%`),
    noWrap: true,
  },
];

/** Where a course page's "Your topics" link lands (`/analytics?course=<id>`). */
export const COURSE_TOPICS_SECTION_ID = 'course-topics';

/**
 * 'By course': the topics a course's practice and checkpoint units draw on, with the learner's figures on
 * each; topics not met yet say so. One course at a time (a select when there are several); the course
 * named by `?course=` is shown first and the section scrolled to, as the course page's link asks.
 */
export function CourseTopicsSection({ courses }: { courses: readonly CourseTopics[] }) {
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('course');
  const [courseId, setCourseId] = useState(
    () => courses.find((course) => course.courseId === asked)?.courseId ?? courses[0]?.courseId ?? '',
  );
  const sectionRef = useRef<HTMLDivElement>(null);
  const selectId = useId();
  useEffect(() => {
    if (asked && courses.some((course) => course.courseId === asked)) {
      sectionRef.current?.scrollIntoView({ block: 'start' });
    }
    // Only on arrival: choosing another course later does not scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const course = courses.find((entry) => entry.courseId === courseId) ?? courses[0];
  if (!course) return null;
  const summary = courseTopicsSummary(course.topics);
  return (
    <div id={COURSE_TOPICS_SECTION_ID} ref={sectionRef} style={{ scrollMarginTop: 80 }}>
      <SectionCard title="By course" gutterBottom mb={3}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'center' }, mb: 1 }}
        >
          {courses.length > 1 ? (
            <TextField
              select
              id={selectId}
              label="Course"
              size="small"
              value={course.courseId}
              onChange={(event) => setCourseId(event.target.value)}
              sx={{ minWidth: 0, flexGrow: 1 }}
            >
              {courses.map((entry) => (
                <MenuItem key={entry.courseId} value={entry.courseId}>
                  {entry.title}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography
              component="h3"
              variant="subtitle1"
              sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, ...NAME_WRAP }}
            >
              {course.title}
            </Typography>
          )}
          <Button
            component={RouterLink}
            to={`/courses/${encodeURIComponent(course.courseId)}`}
            variant="outlined"
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            Open the course
          </Button>
        </Stack>
        <Typography color="text.secondary">{summary}</Typography>
        <FiguresTable
          label={`Topics of ${course.title}`}
          columns={COURSE_TOPIC_COLUMNS}
          rows={course.topics}
          rowKey={(topic) => `${topic.examId}\u0000${topic.topic}`}
        />
      </SectionCard>
    </div>
  );
}
