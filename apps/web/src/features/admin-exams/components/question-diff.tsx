import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { QUESTION_CONTENT_FIELDS, type QuestionContentField } from '@mlp/contract';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import {
  keyChangeText,
  optionChanges,
  rationalesOf,
  referencesText,
  wordDiff,
  type ComparableQuestion,
  type DiffPart,
  type OptionChange,
} from '../second-opinion-diff.ts';

/*
 * Two versions of a question side by side in one column (an AI suggestion against the question, decision
 * 0042; a version of its history against the one before, decision 0050): removed words struck through,
 * added ones underlined, each change also named for screen readers.
 */

// Dark text on light tints: both reach 4.5:1 (WCAG AA); the line-through and underline say it too.
const REMOVED_SX = { bgcolor: '#ffebee', color: '#b71c1c', textDecoration: 'line-through' } as const;
const ADDED_SX = { bgcolor: '#e8f5e9', color: '#1b5e20', textDecoration: 'underline' } as const;

/** A change's text without the spaces around it, which stay outside its mark (no underlined blanks). */
function splitSpaces(text: string): [string, string, string] {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  return match ? [match[1] ?? '', match[2] ?? '', match[3] ?? ''] : ['', text, ''];
}

/** Words kept, removed (<del>) and added (<ins>), each change named for screen readers too. */
export function DiffText({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, index) => {
        if (part.kind === 'same') return <span key={index}>{part.text}</span>;
        const [before, words, after] = splitSpaces(part.text);
        return (
          <span key={index}>
            {before}
            <Box
              component={part.kind === 'removed' ? 'del' : 'ins'}
              sx={{ ...(part.kind === 'removed' ? REMOVED_SX : ADDED_SX), borderRadius: 0.5, px: 0.25 }}
            >
              <VisuallyHidden>{part.kind === 'removed' ? '[removed: ' : '[added: '}</VisuallyHidden>
              {words}
              <VisuallyHidden>]</VisuallyHidden>
            </Box>
            {after}
          </span>
        );
      })}
    </>
  );
}

/** How changes are marked, in words. */
export function DiffLegend() {
  return (
    <Typography variant="body2" color="text.secondary">
      Removed words are struck through and added words are underlined.
    </Typography>
  );
}

/** A small label in words (never colour alone). */
export function Tag({
  children,
  color = 'default',
}: {
  children: string;
  color?: 'default' | 'success' | 'warning';
}) {
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      label={children}
      color={color}
      // Darker text than the palette's, as on the question cards (4.5:1).
      sx={{ ml: 1, color: color === 'success' ? '#1b5e20' : color === 'warning' ? '#8a4b00' : undefined }}
    />
  );
}

function FieldHeading({ children, unchanged }: { children: string; unchanged: boolean }) {
  return (
    <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700, mt: 2, mb: 0.5 }}>
      {children}
      {unchanged && <Tag>Unchanged</Tag>}
    </Typography>
  );
}

function TextDiff({ label, before, after }: { label: string; before: string; after: string }) {
  const unchanged = before === after;
  return (
    <>
      <FieldHeading unchanged={unchanged}>{label}</FieldHeading>
      <Typography sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
        {unchanged ? before || '(none)' : <DiffText parts={wordDiff(before, after)} />}
      </Typography>
    </>
  );
}

const OPTION_CHANGE: Record<Exclude<OptionChange['kind'], 'same'>, string> = {
  changed: 'Changed',
  added: 'Added',
  removed: 'Removed',
};

/** How the key's place is named: an AI suggestion against the question now, or a version against the one before. */
export interface KeyLabels {
  /** the key in both */
  both: string;
  /** the key only in the one before */
  before: string;
  /** the key only in the one after */
  after: string;
}
const SUGGESTION_KEYS: KeyLabels = {
  both: 'Correct answer',
  before: 'Correct now',
  after: 'Suggested correct answer',
};

function keyTag(option: OptionChange, labels: KeyLabels): ReactNode {
  if (option.keyNow && option.keySuggested) return <Tag color="success">{labels.both}</Tag>;
  if (option.keyNow) return <Tag color="warning">{labels.before}</Tag>;
  if (option.keySuggested) return <Tag color="success">{labels.after}</Tag>;
  return null;
}

function OptionsDiff({
  before,
  after,
  labels,
}: {
  before: ComparableQuestion;
  after: ComparableQuestion;
  labels: KeyLabels;
}) {
  const options = optionChanges(before, after);
  const keyMoves = before.correctAnswer !== after.correctAnswer;
  return (
    <>
      <FieldHeading unchanged={!keyMoves && options.every((option) => option.kind === 'same')}>
        Options
      </FieldHeading>
      <Typography sx={{ fontWeight: 700, mb: 1 }}>{keyChangeText(before, after)}</Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
        {options.map((option) => (
          <Box
            component="li"
            key={option.letter}
            sx={{
              p: 1,
              borderRadius: 1,
              border: 1,
              borderColor: option.keySuggested ? 'success.main' : 'divider',
              wordBreak: 'break-word',
            }}
          >
            <strong>{`${option.letter}. `}</strong>
            <DiffText parts={option.parts} />
            {option.kind !== 'same' && <Tag>{OPTION_CHANGE[option.kind]}</Tag>}
            {keyTag(option, labels)}
          </Box>
        ))}
      </Box>
    </>
  );
}

/** Each option's rationale, by the option's letter, where either version has one. */
function RationalesDiff({ before, after }: { before: ComparableQuestion; after: ComparableQuestion }) {
  const old = rationalesOf(before);
  const next = rationalesOf(after);
  const count = Math.max(old.length, next.length);
  const rows = Array.from({ length: count }, (_, index) => ({
    index,
    before: old[index] ?? '',
    after: next[index] ?? '',
  })).filter((row) => row.before || row.after);
  const unchanged = rows.every((row) => row.before === row.after);
  return (
    <>
      <FieldHeading unchanged={unchanged}>Rationales</FieldHeading>
      {rows.length === 0 ? (
        <Typography>(none)</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {rows.map((row) => (
            <Box component="li" key={row.index} sx={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
              <strong>{`${'ABCDEF'[row.index] ?? row.index + 1}. `}</strong>
              <DiffText parts={wordDiff(row.before, row.after)} />
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

function ValueChange({ label, before, after }: { label: string; before: string; after: string }) {
  return (
    <>
      <FieldHeading unchanged={before === after}>{label}</FieldHeading>
      <Typography sx={{ wordBreak: 'break-word' }}>
        {before === after ? (
          before
        ) : (
          <DiffText
            parts={[
              { kind: 'removed', text: before },
              { kind: 'same', text: ' → ' },
              { kind: 'added', text: after },
            ]}
          />
        )}
      </Typography>
    </>
  );
}

/** Every field but the images (which a diff names rather than draws, see `images`). */
const ALL_FIELDS = QUESTION_CONTENT_FIELDS.filter(
  (field) => field !== 'image' && field !== 'explanationImage',
);

/**
 * What differs between two versions of a question, field by field; `fields` narrows it to the fields
 * that changed (a history entry), all of them otherwise (an AI suggestion). Images are named, not drawn.
 */
export function ContentDiff({
  before,
  after,
  fields = ALL_FIELDS,
  keyLabels = SUGGESTION_KEYS,
  images,
  legend = true,
}: {
  before: ComparableQuestion;
  after: ComparableQuestion;
  fields?: readonly QuestionContentField[];
  keyLabels?: KeyLabels;
  /** whether to say how changes are marked (a list of diffs says it once, above them) */
  legend?: boolean;
  /** the two versions' images' descriptions, when the history shows an image change */
  images?: { field: 'image' | 'explanationImage'; before: string | null; after: string | null }[];
}) {
  const has = (field: QuestionContentField) => fields.includes(field);
  return (
    <>
      {legend && <DiffLegend />}
      {has('question') && <TextDiff label="Question" before={before.question} after={after.question} />}
      {(has('options') || has('correctAnswer')) && (
        <OptionsDiff before={before} after={after} labels={keyLabels} />
      )}
      {has('explanation') && (
        <TextDiff label="Explanation" before={before.explanation} after={after.explanation} />
      )}
      {has('rationales') && <RationalesDiff before={before} after={after} />}
      {has('objective') && (
        <TextDiff label="Learning objective" before={before.objective} after={after.objective} />
      )}
      {has('references') && (
        <TextDiff
          label="References"
          before={referencesText(before.references)}
          after={referencesText(after.references)}
        />
      )}
      {has('topic') && (
        <ValueChange label="Topic" before={before.topic ?? 'None'} after={after.topic ?? 'None'} />
      )}
      {images?.map((image) => (
        <ValueChange
          key={image.field}
          label={image.field === 'image' ? 'Image' : 'Explanation image'}
          before={image.before ?? 'None'}
          after={image.after ?? 'None'}
        />
      ))}
    </>
  );
}
