import type { Contest } from '@papertrade/domain';
import Download from '@mui/icons-material/Download';
import { Button, Divider, Paper, Stack, Typography } from '@mui/material';
import { standingsCsvPath } from './api/standings-csv.ts';
import { AnnouncementForm } from './announcement-form.tsx';
import { TeacherAssignments } from './assignments-teacher.tsx';
import { ClassLessonsEditor } from './class-lessons-editor.tsx';
import { ClassQuizResults } from './class-quiz-results.tsx';
import { contestPhase } from './countdown.ts';
import { ClassRulesEditor } from './class-rules-editor.tsx';
import { EditContestForm } from './edit-contest-form.tsx';
import { EndContestButton } from './end-contest-button.tsx';
import { MembersTable } from './members-table.tsx';

/** What the host of a contest manages; a class adds members, announcements and lessons. */
export function OwnerPanel({
  contest,
  wallet,
  now,
}: {
  contest: Contest;
  wallet: string;
  now: number;
}) {
  const isClass = contest.kind === 'CLASS';
  const ended = contestPhase(contest, now) === 'ENDED';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="owner-heading">
      <Stack spacing={2.5}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
        >
          <Typography id="owner-heading" component="h2" variant="h6" fontWeight={700}>
            {isClass ? 'Teacher tools' : 'Host tools'}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              startIcon={<Download />}
              href={standingsCsvPath(contest.id)}
              download={`${contest.name.replace(/[^\w-]+/g, '-')}-standings.csv`}
            >
              Standings CSV
            </Button>
            {!ended && <EndContestButton contest={contest} wallet={wallet} />}
          </Stack>
        </Stack>
        {isClass && <MembersTable contestId={contest.id} wallet={wallet} />}
        {isClass && (
          <>
            <Divider />
            <TeacherAssignments contest={contest} wallet={wallet} />
            <Divider />
            <ClassQuizResults contestId={contest.id} wallet={wallet} />
          </>
        )}
        {isClass && (
          <>
            <Divider />
            <AnnouncementForm contestId={contest.id} wallet={wallet} />
          </>
        )}
        <Divider />
        <EditContestForm
          key={`${contest.name}|${contest.endsAt}`}
          contest={contest}
          wallet={wallet}
        />
        {isClass && (
          <>
            <Divider />
            <ClassLessonsEditor key={contest.lessons.join()} contest={contest} wallet={wallet} />
            <Divider />
            <ClassRulesEditor contest={contest} wallet={wallet} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
