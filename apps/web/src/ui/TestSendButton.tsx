import { useState } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError } from '../api/http.ts';
import { useErrorText } from './useErrorText.ts';

interface TestSendButtonProps {
  label: string;
  /** Sends the test; a rejection is the failure, its server message the reason shown. */
  send: () => Promise<void>;
  /** Why the test cannot be sent now (e.g. settings not saved yet), shown beside the disabled button. */
  blocked?: string | null;
  sentText: string;
  failedText: (reason: string) => string;
  testId?: string;
}

type Outcome = { ok: true } | { ok: false; reason: string };

/**
 * A button that sends a test (a notification channel's test message) and shows beside it what
 * became of it: sent, or failed with the reason the server gave, as it gave it (a provider's answer
 * is not a catalog message).
 */
export function TestSendButton({ label, send, blocked, sentText, failedText, testId }: TestSendButtonProps) {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      await send();
      setOutcome({ ok: true });
    } catch (error) {
      // a refusal carries the reason in words; a lost connection or a timeout is the app's to word
      const reason = error instanceof ApiError && error.kind === 'http' && error.status === 400 ? error.message : errorText(error);
      setOutcome({ ok: false, reason });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minHeight: 36 }}>
      <Button
        variant="outlined"
        size="small"
        disabled={busy || Boolean(blocked)}
        onClick={() => void run()}
        startIcon={busy ? <CircularProgress size={16} /> : undefined}
        data-testid={testId}
        sx={{ flexShrink: 0 }}
      >
        {label}
      </Button>
      {blocked ? (
        <Typography variant="body2" color="text.secondary">{blocked}</Typography>
      ) : outcome && (
        <Stack direction="row" spacing={0.5} role="status" data-testid={testId && `${testId}-result`} sx={{ alignItems: 'center', minWidth: 0 }}>
          {outcome.ok ? <CheckCircleIcon color="success" fontSize="small" /> : <ErrorIcon color="error" fontSize="small" />}
          <Typography variant="body2" color={outcome.ok ? 'success.main' : 'error'} sx={{ wordBreak: 'break-word' }}>
            {outcome.ok ? sentText : failedText(outcome.reason)}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
