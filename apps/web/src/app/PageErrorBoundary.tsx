import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { Translation } from 'react-i18next';

interface Props {
  /** A new value (the next page) clears the failure. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** A page whose code failed to load (timeout, or a new deployment removed the old chunk) offers a reload. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <Box sx={{ p: 3, display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => window.location.reload()}>
                  {t('common.reload')}
                </Button>
              }
            >
              {t('errors.PAGE_LOAD_FAILED')}
            </Alert>
          </Box>
        )}
      </Translation>
    );
  }
}
