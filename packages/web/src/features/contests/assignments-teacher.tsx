import {
  ASSIGNMENT_TASK_KINDS,
  CONTEST_ORDER_TYPES,
  CreateAssignmentBody,
  describeTask,
  type Assignment,
  type AssignmentTask,
  type AssignmentTaskKind,
  type Contest,
} from '@papertrade/domain';
import { LESSONS } from '@papertrade/domain/lessons';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import {
  Alert,
  Button,
  IconButton,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import {
  assignmentCsvPath,
  useAssignments,
  useCreateAssignment,
  useDeleteAssignment,
} from './api/assignments.ts';
import { taskState } from './assignment-links.ts';
import { lessonTitle } from './class-assignments.tsx';

const KIND_LABELS: Record<AssignmentTaskKind, string> = {
  READ_LESSON: 'Read a lesson',
  PASS_QUIZ: 'Pass a quiz',
  PLACE_ORDER: 'Place an order',
  HOLD_ASSETS: 'Hold assets',
  WRITE_NOTES: 'Write trade notes',
};

const firstLesson = LESSONS[0]?.slug ?? '';

function defaultTask(kind: AssignmentTaskKind): AssignmentTask {
  switch (kind) {
    case 'READ_LESSON':
      return { kind, lesson: firstLesson };
    case 'PASS_QUIZ':
      return { kind, lesson: firstLesson, minScore: 3 };
    case 'PLACE_ORDER':
      return { kind, orderType: 'LIMIT' };
    case 'HOLD_ASSETS':
    case 'WRITE_NOTES':
      return { kind, count: 1 };
  }
}

/** A date-time input's value (local time, to the minute) and back. */
const toLocalInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

function TaskFields({
  task,
  index,
  onChange,
}: {
  task: AssignmentTask;
  index: number;
  onChange: (task: AssignmentTask) => void;
}) {
  const n = index + 1;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flex: 1 }}>
      <TextField
        select
        size="small"
        label={`Task ${n}`}
        value={task.kind}
        onChange={(e) => onChange(defaultTask(e.target.value as AssignmentTaskKind))}
        sx={{ minWidth: 170 }}
      >
        {ASSIGNMENT_TASK_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {KIND_LABELS[k]}
          </MenuItem>
        ))}
      </TextField>
      {(task.kind === 'READ_LESSON' || task.kind === 'PASS_QUIZ') && (
        <TextField
          select
          size="small"
          label={`Task ${n} lesson`}
          value={task.lesson}
          onChange={(e) => onChange({ ...task, lesson: e.target.value })}
          sx={{ minWidth: 200 }}
        >
          {LESSONS.map((l) => (
            <MenuItem key={l.slug} value={l.slug}>
              {l.title}
            </MenuItem>
          ))}
        </TextField>
      )}
      {task.kind === 'PASS_QUIZ' && (
        <TextField
          size="small"
          type="number"
          label={`Task ${n} minimum score`}
          value={task.minScore}
          onChange={(e) => onChange({ ...task, minScore: Number(e.target.value) })}
          sx={{ width: 160 }}
        />
      )}
      {task.kind === 'PLACE_ORDER' && (
        <TextField
          select
          size="small"
          label={`Task ${n} order kind`}
          value={task.orderType}
          onChange={(e) =>
            onChange({ ...task, orderType: e.target.value as (typeof CONTEST_ORDER_TYPES)[number] })
          }
          sx={{ minWidth: 160 }}
        >
          {CONTEST_ORDER_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t.replace('_', ' ').toLowerCase()}
            </MenuItem>
          ))}
        </TextField>
      )}
      {(task.kind === 'HOLD_ASSETS' || task.kind === 'WRITE_NOTES') && (
        <TextField
          size="small"
          type="number"
          label={`Task ${n} count`}
          value={task.count}
          onChange={(e) => onChange({ ...task, count: Number(e.target.value) })}
          sx={{ width: 120 }}
        />
      )}
    </Stack>
  );
}

/** The teacher's new assignment: a title, a due date and tasks the server checks by itself. */
export function NewAssignmentForm({ contest, wallet }: { contest: Contest; wallet: string }) {
  const create = useCreateAssignment(contest.id, wallet);
  const [title, setTitle] = useState('');
  const [due, setDue] = useState(() =>
    toLocalInput(Math.min(Date.now() + 7 * 86_400_000, contest.endsAt)),
  );
  const [tasks, setTasks] = useState<AssignmentTask[]>([defaultTask('READ_LESSON')]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = CreateAssignmentBody.safeParse({ title, dueAt: new Date(due).getTime(), tasks });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the assignment');
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        setTitle('');
        setTasks([defaultTask('READ_LESSON')]);
        setSaved(true);
      },
      onError: (e) => setProblem(errorMessage(e)),
    });
  };
  const edit = (fn: () => void) => {
    fn();
    setProblem(null);
  };
  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={1.5} aria-label="New assignment">
      <Typography component="h3" variant="subtitle1" fontWeight={700}>
        New assignment
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          label="Assignment title"
          value={title}
          onChange={(e) => edit(() => setTitle(e.target.value))}
          sx={{ flex: 1 }}
        />
        <TextField
          label="Due"
          type="datetime-local"
          value={due}
          onChange={(e) => edit(() => setDue(e.target.value))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {tasks.map((task, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TaskFields
            task={task}
            index={i}
            onChange={(next) => edit(() => setTasks(tasks.map((t, j) => (j === i ? next : t))))}
          />
          <IconButton
            aria-label={`Remove task ${i + 1}`}
            disabled={tasks.length === 1}
            onClick={() => edit(() => setTasks(tasks.filter((_, j) => j !== i)))}
          >
            <Delete />
          </IconButton>
        </Stack>
      ))}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {saved && <Alert severity="success">Assignment created: your students see it now.</Alert>}
      <Stack direction="row" spacing={1}>
        <Button
          variant="text"
          onClick={() => edit(() => setTasks([...tasks, defaultTask('PLACE_ORDER')]))}
        >
          Add a task
        </Button>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          Create assignment
        </Button>
      </Stack>
    </Stack>
  );
}

const STATE_TEXT = { done: 'Done', late: 'Late', 'not yet': 'Not yet' } as const;

/** One assignment's members × tasks table (done, late, not yet), its CSV and its removal. */
function AssignmentGrid({
  assignment,
  contestId,
  wallet,
}: {
  assignment: Assignment;
  contestId: string;
  wallet: string;
}) {
  const remove = useDeleteAssignment(contestId, wallet);
  const labels = assignment.tasks.map((t) => describeTask(t, lessonTitle));
  return (
    <Stack spacing={1} component="section" aria-label={assignment.title}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
      >
        <Stack>
          <Typography component="h4" variant="subtitle2" fontWeight={700}>
            {assignment.title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Due {formatDateTime(assignment.dueAt)}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            startIcon={<Download />}
            href={assignmentCsvPath(contestId, assignment.id)}
            download
          >
            CSV
          </Button>
          <Button
            size="small"
            color="error"
            disabled={remove.isPending}
            onClick={() => remove.mutate(assignment.id)}
            aria-label={`Delete ${assignment.title}`}
          >
            Delete
          </Button>
        </Stack>
      </Stack>
      {remove.error && <Alert severity="error">{errorMessage(remove.error)}</Alert>}
      {assignment.progress.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No member yet: share the join code.
        </Typography>
      ) : (
        <TableContainer
          sx={{ overflowX: 'auto' }}
          tabIndex={0}
          aria-label={`${assignment.title} progress`}
        >
          <Table size="small" aria-label={`${assignment.title} progress by member`}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Member
                </TableCell>
                {labels.map((label, i) => (
                  <TableCell key={i} component="th" scope="col" sx={{ minWidth: 120 }}>
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {assignment.progress.map((member) => (
                <TableRow key={member.walletAddress}>
                  <TableCell component="th" scope="row">
                    {member.username}
                  </TableCell>
                  {member.tasks.map((p, i) => {
                    const state = taskState(p);
                    return (
                      <TableCell
                        key={i}
                        sx={{
                          color:
                            state === 'done'
                              ? 'success.main'
                              : state === 'late'
                                ? 'warning.main'
                                : 'text.secondary',
                          fontWeight: state === 'not yet' ? 400 : 600,
                        }}
                      >
                        {STATE_TEXT[state]}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/** The teacher's assignments: each one's progress table, then the form for a new one. */
export function TeacherAssignments({ contest, wallet }: { contest: Contest; wallet: string }) {
  const query = useAssignments(contest.id, wallet);
  const [writing, setWriting] = useState(false);
  return (
    <Stack spacing={2} component="section" aria-labelledby="teacher-assignments-heading">
      <Typography
        id="teacher-assignments-heading"
        component="h3"
        variant="subtitle1"
        fontWeight={700}
      >
        Assignments
      </Typography>
      {query.isPending ? (
        <Skeleton variant="rounded" height={80} aria-label="Loading assignments" />
      ) : query.error ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : query.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No assignment yet. Each task ticks itself when a student does it.
        </Typography>
      ) : (
        query.data.map((a) => (
          <AssignmentGrid key={a.id} assignment={a} contestId={contest.id} wallet={wallet} />
        ))
      )}
      {/* Folded until asked for: most visits to the page are to read the table, not to add. */}
      {writing ? (
        <NewAssignmentForm contest={contest} wallet={wallet} />
      ) : (
        <Button
          variant="outlined"
          onClick={() => setWriting(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          New assignment
        </Button>
      )}
    </Stack>
  );
}
