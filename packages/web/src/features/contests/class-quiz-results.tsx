import type { ClassQuizResult } from '@papertrade/domain';
import { Alert, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useClassQuizResults } from './api/get-class-quiz-results.ts';

type Question = ClassQuizResult['questions'][number] & { number: number };
type Member = ClassQuizResult['members'][number];

const wide = { display: { xs: 'none', sm: 'table-cell' } };
const cells = { size: 'small', sx: { '& td, & th': { px: { xs: 1, sm: 2 } } } } as const;

/** "2 of 3 (67 %)": how many members' latest attempts got a question right. */
export function rightText(right: number, answered: number): string {
  if (answered === 0) return 'Not answered yet';
  return `${right} of ${answered} (${Math.round((right / answered) * 100)} %)`;
}

const questionColumns: Column<Question>[] = [
  { header: '#', sx: wide, cell: (q) => q.number },
  { header: 'Question', cell: (q) => q.text },
  {
    header: 'Right',
    align: 'right',
    cell: (q) => <span style={{ whiteSpace: 'nowrap' }}>{rightText(q.right, q.answered)}</span>,
  },
];

function memberColumns(questions: number): Column<Member>[] {
  return [
    { header: 'Member', cell: (m) => m.username },
    { header: 'Latest', align: 'right', cell: (m) => `${m.lastScore}/${questions}` },
    { header: 'Best', align: 'right', cell: (m) => `${m.bestScore}/${questions}` },
    { header: 'Attempts', align: 'right', sx: wide, cell: (m) => m.attempts },
    {
      header: 'Latest answers',
      sx: wide,
      cell: (m) =>
        m.right.length === 0
          ? '–'
          : m.right.map((ok, i) => `Q${i + 1} ${ok ? 'right' : 'wrong'}`).join(', '),
    },
  ];
}

export function QuizResultCard({ result }: { result: ClassQuizResult }) {
  const questions = result.questions.map((q, i) => ({ ...q, number: i + 1 }));
  const took = result.members.length;
  return (
    <Stack spacing={1} component="section" aria-label={`Quiz results: ${result.title}`}>
      <Typography component="h4" variant="subtitle2" fontWeight={700}>
        {result.title}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          · {took === 0 ? 'nobody took it yet' : `${took} member${took === 1 ? '' : 's'} took it`}
        </Typography>
      </Typography>
      <Paper variant="outlined">
        <DataTable
          label={`${result.title}: right answers per question`}
          columns={questionColumns}
          rows={questions}
          rowKey={(q) => q.id}
          container={{ tabIndex: 0, role: 'region', 'aria-label': `${result.title} questions` }}
          table={cells}
        />
      </Paper>
      {took > 0 && (
        <Paper variant="outlined">
          <DataTable
            label={`${result.title}: members' scores`}
            columns={memberColumns(result.questions.length)}
            rows={result.members}
            rowKey={(m) => m.walletAddress}
            container={{ tabIndex: 0, role: 'region', 'aria-label': `${result.title} scores` }}
            table={cells}
          />
        </Paper>
      )}
    </Stack>
  );
}

/**
 * The class's quiz results per question (docs/api.md, "Lessons and quizzes"): for each quiz the
 * class lists or a member took, how many members' latest attempts got each question right, and
 * each member's scores; the teacher sees which question the class finds hard.
 */
export function ClassQuizResults({ contestId, wallet }: { contestId: string; wallet: string }) {
  const query = useClassQuizResults(contestId, wallet);
  return (
    <Stack spacing={1.5}>
      <Typography component="h3" variant="subtitle1" fontWeight={700}>
        Quiz results
      </Typography>
      {query.error && !query.data && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {query.isPending && (
        <Skeleton variant="rounded" height={120} aria-label="Loading quiz results" />
      )}
      {query.data?.length === 0 && (
        <Typography color="text.secondary">
          No quiz yet: the results show here once the class lists a lesson with a quiz or a member
          takes one.
        </Typography>
      )}
      {query.data?.map((result) => (
        <QuizResultCard key={result.lesson} result={result} />
      ))}
    </Stack>
  );
}
