import type { LessonProgress, Quiz, QuizResult } from '@papertrade/domain';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { useQuiz } from './api/get-quiz.ts';
import { useSubmitQuiz } from './api/submit-quiz.ts';
import { QuizScores } from './quiz-scores.tsx';

type Question = Quiz['questions'][number];

function QuizForm({
  questions,
  pending,
  onSubmit,
}: {
  questions: Question[];
  pending: boolean;
  onSubmit: (answers: string[]) => void;
}) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<number | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = questions.findIndex((q) => !answers[q.id]);
    setMissing(first >= 0 ? first : null);
    if (first >= 0) return;
    onSubmit(questions.map((q) => answers[q.id] ?? ''));
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Quiz">
      {questions.map((q, i) => (
        <FormControl key={q.id} component="fieldset" error={missing === i}>
          <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
            {i + 1}. {q.text}
          </FormLabel>
          <RadioGroup
            name={`quiz-${q.id}`}
            value={answers[q.id] ?? ''}
            onChange={(_, value) => setAnswers((a) => ({ ...a, [q.id]: value }))}
          >
            {q.choices.map((c) => (
              <FormControlLabel key={c.id} value={c.id} control={<Radio />} label={c.text} />
            ))}
          </RadioGroup>
        </FormControl>
      ))}
      {missing !== null && (
        <Alert severity="warning">Answer question {missing + 1} to check your answers.</Alert>
      )}
      <Button type="submit" variant="contained" disabled={pending} sx={{ alignSelf: 'flex-start' }}>
        {pending ? 'Checking…' : 'Check answers'}
      </Button>
    </Stack>
  );
}

function QuizOutcome({
  questions,
  result,
  onRetry,
}: {
  questions: Question[];
  result: QuizResult;
  onRetry: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the result after checking.
  useEffect(() => heading.current?.focus(), []);
  const all = result.score === result.total;
  return (
    <Stack spacing={2}>
      <Alert severity={all ? 'success' : 'warning'} role="status">
        <Typography ref={heading} tabIndex={-1} component="h4" variant="subtitle1" fontWeight={700}>
          You got {result.score} of {result.total} right
        </Typography>
        {all ? 'Well done.' : 'Read why below, then try again whenever you like.'}
      </Alert>
      <Stack component="ol" spacing={1.5} aria-label="Answers explained" sx={{ pl: 3, m: 0 }}>
        {result.explanations.map((e, i) => {
          const q = questions[i];
          const text = (id: string) => q?.choices.find((c) => c.id === id)?.text ?? id;
          return (
            <li key={e.questionId}>
              <Typography fontWeight={600}>{q?.text}</Typography>
              <Typography color={e.correct ? 'success.main' : 'error.main'} fontWeight={600}>
                {e.correct ? 'Right' : 'Wrong'}: you chose “{text(e.chosen)}”
              </Typography>
              {!e.correct && <Typography>The right answer: “{text(e.answer)}”</Typography>}
              <Typography color="text.secondary">{e.explanation}</Typography>
            </li>
          );
        })}
      </Stack>
      <Button variant="outlined" onClick={onRetry} sx={{ alignSelf: 'flex-start' }}>
        Try again
      </Button>
    </Stack>
  );
}

/** The quiz at the end of a lesson: answered here, graded by the server, retried at will. */
export function LessonQuiz({
  slug,
  wallet,
  progress,
}: {
  slug: string;
  wallet: string;
  progress: LessonProgress | undefined;
}) {
  const quiz = useQuiz(slug);
  const submit = useSubmitQuiz(wallet, slug);
  // A new key gives the next attempt a fresh, empty form.
  const [attempt, setAttempt] = useState(0);
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h3" variant="h6" fontWeight={700}>
        Quiz
      </Typography>
      <QuizScores progress={progress} />
      <Stack spacing={2} sx={{ mt: 2 }}>
        {quiz.isPending && (
          <Stack spacing={1} aria-busy="true" aria-label="Loading the quiz">
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="rounded" height={96} />
          </Stack>
        )}
        {quiz.error && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void quiz.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(quiz.error)}
          </Alert>
        )}
        {quiz.data && quiz.data.questions.length === 0 && (
          <Typography color="text.secondary">This lesson has no quiz yet.</Typography>
        )}
        {submit.error && <Alert severity="error">{errorMessage(submit.error)}</Alert>}
        {quiz.data &&
          quiz.data.questions.length > 0 &&
          (submit.data ? (
            <QuizOutcome
              questions={quiz.data.questions}
              result={submit.data}
              onRetry={() => {
                submit.reset();
                setAttempt((n) => n + 1);
              }}
            />
          ) : (
            <QuizForm
              key={attempt}
              questions={quiz.data.questions}
              pending={submit.isPending}
              onSubmit={(answers) => submit.mutate(answers)}
            />
          ))}
      </Stack>
    </Paper>
  );
}
