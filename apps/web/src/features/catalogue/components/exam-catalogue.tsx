import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { ExamPublic } from '@mlp/contract';
import { CategoryChips } from '../../../components/navigation/category-chips.tsx';
import { readPageParam, UrlPagination } from '../../../components/navigation/url-pagination.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { CatalogueGrid, CatalogueSkeleton } from '../../../components/cards/catalogue-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useProgressiveList } from '../../../lib/use-progressive-list.ts';
import {
  EXAM_PAGE_SIZE,
  publishedExamsQueryOptions,
  subscribedExamsQueryOptions,
} from '../api/catalogue-api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { categoryLabel, emptyCatalogueMessage, pastLastPageMessage, showingLabel } from '../exam-text.ts';
import { ExamCard, ExamCardSkeleton } from './exam-card.tsx';

const NO_EXAMS: ExamPublic[] = [];
const NO_CATEGORIES: string[] = [];

/** Spec §2: the search submits only on form submit. Keyed by the URL's search so back/forward reset it. */
function ExamSearchForm({ initial, onSearch }: { initial: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Search exams"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          size="small"
          fullWidth
          sx={{ maxWidth: { sm: 480 } }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          Search
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The catalogue query for a URL's `?page=&search=&category=` (the page and its first-load prefetch share
 * it).
 */
export function catalogueQuery(searchParams: URLSearchParams) {
  return publishedExamsQueryOptions(catalogueFilters(searchParams));
}

/** The same search on the last page that has exams (page 1 has no `page` parameter). */
function lastPageUrl(searchParams: URLSearchParams, pages: number): string {
  const next = new URLSearchParams(searchParams);
  if (pages > 1) next.set('page', String(pages));
  else next.delete('page');
  const query = next.toString();
  return query ? `/exams?${query}` : '/exams';
}

function catalogueFilters(searchParams: URLSearchParams) {
  return {
    page: readPageParam(searchParams),
    search: (searchParams.get('search') ?? '').trim(),
    category: (searchParams.get('category') ?? '').trim(),
  };
}

/**
 * The chips after 'All': the categories with published exams, and the chosen one even when none has it
 * (a shared link, a category since renamed). `selected` is the chosen one as the chips spell it: the
 * server matches a category whatever its case (decision 0057), and so do the chips.
 */
function categoryChips(categories: readonly string[], category: string) {
  if (!category) return { values: categories, selected: '' };
  const known = categories.find((value) => value.toLowerCase() === category.toLowerCase());
  return known
    ? { values: categories, selected: known }
    : { values: [...categories, category], selected: category };
}

/**
 * Spec §2 'Available Exams': published exams, 20 a page, searchable, with category chips like the articles
 * list's (decision 0057). Page, search and category live in the URL (`?page=&search=&category=`) so
 * back/forward and shared links work; a new search or category starts again at page 1 and keeps the other.
 */
export function ExamCatalogue() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { search, category } = catalogueFilters(searchParams);
  const exams = useQuery(catalogueQuery(searchParams));
  const cards = useProgressiveList(exams.data?.exams ?? NO_EXAMS);
  const chips = categoryChips(exams.data?.categories ?? NO_CATEGORIES, category);
  const { isSignedIn } = useAuth();
  // Signed in: which exams to mark 'Subscribed'. A failure only leaves the chips off.
  const subscribed = useQuery({ ...subscribedExamsQueryOptions(), enabled: isSignedIn });

  /** Sets (or, with '', removes) one filter of the URL, back at page 1. */
  const filterBy = (name: 'search' | 'category', value: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });

  return (
    <Box>
      <Typography component="h1" variant="h4" gutterBottom>
        Available Exams
      </Typography>
      <ExamSearchForm key={search} initial={search} onSearch={(text) => filterBy('search', text)} />
      <CategoryChips
        values={chips.values}
        selected={chips.selected}
        labelOf={categoryLabel}
        onChoose={(value) => filterBy('category', value)}
      />

      {exams.isPending && <CatalogueSkeleton label="Loading exams" Placeholder={ExamCardSkeleton} />}

      {exams.isError && (
        <LoadError
          message={errorMessage(exams.error, 'Error fetching exams')}
          onRetry={() => exams.refetch()}
        />
      )}

      {exams.data && exams.data.exams.length === 0 && exams.data.page > exams.data.pages && (
        <Alert
          severity="info"
          variant="outlined"
          action={
            <Button component={RouterLink} to={lastPageUrl(searchParams, exams.data.pages)} size="small">
              Go to the last page
            </Button>
          }
        >
          {pastLastPageMessage(exams.data.pages)}
        </Alert>
      )}

      {exams.data && exams.data.exams.length === 0 && exams.data.page <= exams.data.pages && (
        <Alert severity="info" variant="outlined">
          {emptyCatalogueMessage(search, category)}
        </Alert>
      )}

      {exams.data && exams.data.exams.length > 0 && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }} role="status">
            {showingLabel(exams.data.page, EXAM_PAGE_SIZE, exams.data.exams.length, exams.data.totalExams)}
          </Typography>
          <CatalogueGrid label="Exams" updating={exams.isPlaceholderData}>
            {cards.map((exam) => (
              <ExamCard
                key={exam._id}
                exam={exam}
                subscribed={isSignedIn && (subscribed.data?.has(exam._id) ?? false)}
              />
            ))}
          </CatalogueGrid>
          <UrlPagination page={exams.data.page} pages={exams.data.pages} label="Exam pages" />
        </>
      )}
    </Box>
  );
}
