import {
  API_KEY_NAME_MAX,
  CreateApiKeyBody,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@papertrade/domain';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { buttonColumn, DataTable, type Column } from '../../components/data-table.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { usePortfolios } from '../contests/api/get-portfolios.ts';
import { useCreateApiKey } from './api/create-api-key.ts';
import { useApiKeys } from './api/get-api-keys.ts';
import { useRevokeApiKey } from './api/revoke-api-key.ts';

const mono = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  wordBreak: 'break-all',
};
const SCOPES: { scope: ApiKeyScope; label: string }[] = [
  { scope: 'read', label: 'Read (account, positions, orders, prices)' },
  { scope: 'trade', label: 'Trade (place and cancel orders)' },
];
const scopeText = (scopes: readonly ApiKeyScope[]) =>
  scopes.map((s) => (s === 'read' ? 'Read' : 'Trade')).join(', ');
/** Columns hidden on a phone, where the name cell says the same: the table fits 390 px. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } };
const phoneOnly = { display: { xs: 'block', sm: 'none' } };

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outlined"
      size="small"
      aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
      onClick={() =>
        void navigator.clipboard
          ?.writeText(text)
          .then(() => setCopied(true))
          .catch(() => setCopied(false))
      }
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/** The new key's id and secret, shown once, with a warning and copy buttons. */
function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy the secret now and keep it safe: it is shown only once. Anyone who has it can use
          this key until you revoke it.
        </Alert>
        <Stack spacing={1.5}>
          <Box>
            <Typography color="text.secondary" id="new-key-id-label">
              Key ID (APCA-API-KEY-ID)
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={mono} aria-labelledby="new-key-id-label">
                {created.keyId}
              </Typography>
              <CopyButton text={created.keyId} label="Key ID" />
            </Stack>
          </Box>
          <Box>
            <Typography color="text.secondary" id="new-key-secret-label">
              Secret (APCA-API-SECRET-KEY)
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={mono} aria-labelledby="new-key-secret-label" data-testid="secret">
                {created.secret}
              </Typography>
              <CopyButton text={created.secret} label="Secret" />
            </Stack>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          I saved the secret
        </Button>
      </DialogActions>
    </>
  );
}

function CreateKeyDialog({ wallet, onClose }: { wallet: string; onClose: () => void }) {
  const create = useCreateApiKey();
  const portfolios = usePortfolios(wallet);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [portfolio, setPortfolio] = useState(wallet);
  const [touched, setTouched] = useState(false);
  const checked = CreateApiKeyBody.safeParse({ name, scopes });
  const nameProblem = checked.error?.issues.find((i) => i.path[0] === 'name')?.message;
  const scopeProblem = checked.error?.issues.find((i) => i.path[0] === 'scopes')?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (checked.success) create.mutate({ wallet: portfolio, body: checked.data });
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));
  const open = portfolios.data?.filter((p) => p.status !== 'ENDED');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-key-title">
      <DialogTitle id="new-key-title">
        {create.data ? 'Your new API key' : 'New API key'}
      </DialogTitle>
      {create.data ? (
        <CreatedKey created={create.data} onDone={onClose} />
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              A key lets a program (a trading bot) use one of your portfolios through the interface
              for programs. It can never sign in here or change your account.
            </DialogContentText>
            <Stack spacing={2}>
              <TextField
                label="Key name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={touched && nameProblem !== undefined}
                helperText={(touched && nameProblem) || 'For example: my moving-average bot'}
                slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX } }}
                autoFocus
                fullWidth
              />
              <FormControl error={touched && scopeProblem !== undefined}>
                <FormLabel component="legend">Scopes</FormLabel>
                <FormGroup>
                  {SCOPES.map(({ scope, label }) => (
                    <FormControlLabel
                      key={scope}
                      control={
                        <Checkbox
                          checked={scopes.includes(scope)}
                          onChange={(e) => toggle(scope, e.target.checked)}
                        />
                      }
                      label={label}
                    />
                  ))}
                </FormGroup>
                {touched && scopeProblem && <FormHelperText>{scopeProblem}</FormHelperText>}
              </FormControl>
              <TextField
                select
                label="Portfolio"
                value={portfolio}
                onChange={(e) => setPortfolio(e.target.value)}
                helperText="The portfolio the key reads and trades"
                fullWidth
              >
                {(open ?? [{ walletAddress: wallet, name: 'Main portfolio' }]).map((p) => (
                  <MenuItem key={p.walletAddress} value={p.walletAddress}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
              {create.error && <Alert severity="error">{errorMessage(create.error)}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              Create key
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}

function RevokeDialog({
  apiKey,
  wallet,
  onClose,
}: {
  apiKey: ApiKey;
  wallet: string;
  onClose: () => void;
}) {
  const revoke = useRevokeApiKey(wallet);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="revoke-key-title">
      <DialogTitle id="revoke-key-title">Revoke “{apiKey.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Programs using this key are refused from now on. This cannot be undone: a program needs a
          new key to work again.
        </DialogContentText>
        {revoke.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(revoke.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(apiKey.id, { onSuccess: onClose })}
        >
          Revoke key
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /account: the user's API keys for programs (docs/pages.md): list, create (the secret shown once)
 * and revoke with confirmation. `wallet` is the main portfolio's, for the session's own calls.
 */
export function ApiKeysCard({ wallet }: { wallet: string }) {
  const keys = useApiKeys(wallet);
  const portfolios = usePortfolios(wallet);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const portfolioName = (address: string) =>
    portfolios.data?.find((p) => p.walletAddress.toLowerCase() === address.toLowerCase())?.name ??
    (address.toLowerCase() === wallet.toLowerCase() ? 'Main portfolio' : address);
  const columns: Column<ApiKey>[] = [
    {
      header: 'Name',
      cell: (k) => (
        <>
          <Typography variant="body2" fontWeight={600}>
            {k.name}
          </Typography>
          <Typography variant="caption" sx={{ ...mono, display: 'block' }} color="text.secondary">
            {k.keyId}
          </Typography>
          <Typography variant="caption" sx={phoneOnly} color="text.secondary">
            {scopeText(k.scopes)} · {portfolioName(k.walletAddress)}
          </Typography>
        </>
      ),
    },
    { header: 'Scopes', sx: wideOnly, cell: (k) => scopeText(k.scopes) },
    { header: 'Portfolio', sx: wideOnly, cell: (k) => portfolioName(k.walletAddress) },
    { header: 'Created', sx: wideOnly, cell: (k) => formatDateTime(k.createdAt) },
    {
      header: 'Last used',
      cell: (k) => (k.lastUsedAt === null ? 'Never' : formatDateTime(k.lastUsedAt)),
    },
    buttonColumn('Revoke', (k) => (
      <Button
        size="small"
        color="error"
        aria-label={`Revoke key ${k.name}`}
        onClick={() => setRevoking(k)}
      >
        Revoke
      </Button>
    )),
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="api-keys-heading">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}
      >
        <Typography id="api-keys-heading" component="h2" variant="h6" fontWeight={700}>
          API keys
        </Typography>
        <Button variant="outlined" onClick={() => setCreating(true)}>
          Create key
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Keys let your own programs trade a portfolio with Alpaca-style requests.
      </Typography>
      {keys.error && <Alert severity="error">{errorMessage(keys.error)}</Alert>}
      <DataTable
        label="API keys"
        columns={columns}
        rows={keys.data}
        rowKey={(k) => k.id}
        loading={keys.isPending}
        empty="No API keys yet. Create one to let a program trade for you."
        table={{ size: 'small' }}
      />
      {creating && <CreateKeyDialog wallet={wallet} onClose={() => setCreating(false)} />}
      {revoking && (
        <RevokeDialog apiKey={revoking} wallet={wallet} onClose={() => setRevoking(null)} />
      )}
    </Paper>
  );
}
