import { useCallback, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useErrorText } from './useErrorText.ts';
import { useNotice } from './useNotice.tsx';

export interface SubmitOptions<V, R> {
  /**
   * Keeps the form disabled after a success that leaves it: a sign-in navigating to a page whose
   * code is still loading, a dialog its parent is closing. A function decides per result.
   */
  holdOnSuccess?: boolean | ((result: R) => boolean);
  /** A failure shown before anything is sent: one the previous screen met. */
  initialError?: unknown;
  onSuccess?: (result: R, vars: V) => unknown;
  onError?: (error: unknown, vars: V) => unknown;
  onSettled?: () => unknown;
}

export interface Submit<V> {
  /** Starts the work; a failure lands in `error`, never in a rejected promise. */
  run: (vars: V) => void;
  busy: boolean;
  /**
   * The last failure, or what `fail` was given (a catalog code, a message); null when none. Kept
   * as it came, so a change of language rewords `message`.
   */
  error: unknown;
  /** `error` in words, or null. */
  message: string | null;
  /** The form's own checks failed: `reason` shows as the error and nothing is sent. */
  fail: (reason: unknown) => void;
  /** Forgets the error (and a held success). */
  reset: () => void;
}

/**
 * The one way a form or button sends something: busy while the work runs, its failure kept to be
 * shown, the form's own checks reported the same way. Built on TanStack Query's mutations.
 */
export function useSubmit<V = void, R = unknown>(work: (vars: V) => Promise<R>, options: SubmitOptions<V, R> = {}): Submit<V> {
  const errorText = useErrorText();
  const { holdOnSuccess, initialError = null, onSuccess, onError, onSettled } = options;
  const [reason, setReason] = useState<unknown>(initialError);
  // TanStack renders `isPending` a tick later (its notifications are batched on a timer): a second
  // click before then, or Enter held in a field, would send the form again
  const sending = useRef(false);
  const { mutate, reset: forget, ...mutation } = useMutation<R, unknown, V>({
    mutationFn: work,
    onSuccess,
    onError,
    onSettled: () => {
      sending.current = false;
      return onSettled?.();
    },
  });
  const held = mutation.isSuccess && (typeof holdOnSuccess === 'function' ? holdOnSuccess(mutation.data) : holdOnSuccess === true);
  const error = reason ?? mutation.error;
  // stable, as TanStack's own: effects may use them
  const run = useCallback(
    (vars: V) => {
      if (sending.current) return;
      sending.current = true;
      setReason(null);
      mutate(vars);
    },
    [mutate],
  );
  const fail = useCallback(
    (failure: unknown) => {
      // the answer to a send under way is still to be shown (a form that resets before each send, clicked twice)
      if (!sending.current) forget();
      setReason(failure);
    },
    [forget],
  );
  const reset = useCallback(() => fail(null), [fail]);
  return { run, busy: mutation.isPending || held, error, message: error === null ? null : errorText(error), fail, reset };
}

/**
 * A button's task whose outcome is a notice: the text the work resolves to (none for nothing), or
 * the failure in words, which `failed` may dress (e.g. "Deletion failed: …").
 */
export function useNoticedTask<V = void>(
  work: (vars: V) => Promise<string | undefined>,
  options: { failed?: (text: string, error: unknown, vars: V) => string; onSettled?: () => unknown } = {},
): Submit<V> {
  const errorText = useErrorText();
  const [, notify] = useNotice();
  const { failed, onSettled } = options;
  return useSubmit(work, {
    onSuccess: (text) => {
      if (text) notify(text, 'success');
    },
    onError: (error, vars) => notify(failed ? failed(errorText(error), error, vars) : errorText(error), 'error'),
    onSettled,
  });
}
