import { TRADE_NOTE_MAX } from '@papertrade/domain';
import { TextField } from '@mui/material';

interface NoteFieldProps {
  note: string;
  onNoteChange: (note: string) => void;
  /** The class asks for a note with every order (docs/api.md, "Class rules and reports"). */
  required: boolean;
  error: string | null;
}

/** Why the order is placed (docs/api.md, "Trade notes"): kept on the transaction, read by a class's teacher. */
export function NoteField({ note, onNoteChange, required, error }: NoteFieldProps) {
  const left = TRADE_NOTE_MAX - note.length;
  return (
    <TextField
      label={required ? 'Note (your class asks for one)' : 'Note (optional)'}
      value={note}
      onChange={(e) => onNoteChange(e.target.value)}
      multiline
      minRows={1}
      maxRows={4}
      required={required}
      error={Boolean(error)}
      helperText={error ?? `Why this trade? ${left} characters left`}
      slotProps={{ htmlInput: { maxLength: TRADE_NOTE_MAX } }}
      fullWidth
      size="small"
    />
  );
}

/** The refusal to show under the note before anything is sent, or null. */
export function noteProblem(note: string, required: boolean): string | null {
  return required && !note.trim()
    ? 'Your class asks for a note with every order: say why you place it'
    : null;
}
