import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
} from '@mui/material';
import { LESSONS } from '@papertrade/domain/lessons';

/** The lessons a class points its members to, in the order of /learn. */
export function LessonPicker({
  value,
  onChange,
}: {
  value: string[];
  onChange: (slugs: string[]) => void;
}) {
  const toggle = (slug: string) => {
    const next = value.includes(slug) ? value.filter((s) => s !== slug) : [...value, slug];
    onChange(LESSONS.map((l) => l.slug).filter((s) => next.includes(s)));
  };
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">Lessons for the class</FormLabel>
      <FormHelperText sx={{ mx: 0 }}>
        Members see them on the contest page with what they have read.
      </FormHelperText>
      <FormGroup>
        {LESSONS.map((lesson) => (
          <FormControlLabel
            key={lesson.slug}
            control={
              <Checkbox
                checked={value.includes(lesson.slug)}
                onChange={() => toggle(lesson.slug)}
              />
            }
            label={lesson.title}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
