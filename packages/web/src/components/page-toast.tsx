import { Alert, Snackbar } from '@mui/material';
import { usePageToastPlacement } from '../lib/toast-placement.ts';

/**
 * A page's own success toast (an alert set, an order changed): shown while `message` is set, gone
 * after six seconds or when closed, placed clear of the fill toasts and the phone's bars
 * (lib/toast-placement.ts). A click elsewhere on the page leaves it up.
 */
export function PageSuccessToast({
  message,
  onClose,
}: {
  message: string | null;
  onClose: () => void;
}) {
  const placement = usePageToastPlacement();
  return (
    <Snackbar
      open={message !== null}
      autoHideDuration={6000}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      {...placement}
    >
      <Alert severity="success" variant="filled" onClose={onClose}>
        {message}
      </Alert>
    </Snackbar>
  );
}
