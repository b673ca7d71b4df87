import { useCallback, useEffect, useRef, useState } from 'react';

type ActionState = { isPending: boolean; isSuccess: boolean; error: Error | null };
const IDLE: ActionState = { isPending: false, isSuccess: false, error: null };

/**
 * One server call started by the user, for the public screens (sign-in, password): the part of
 * react-query's useMutation they use, without loading react-query on the first page (ADR 0011).
 * A result that arrives after the screen is gone, or after `reset`, is dropped.
 */
export function useAction<TArgs, TResult>(options: {
  mutationFn: (args: TArgs) => Promise<TResult>;
  onSuccess?: (result: TResult) => void;
}) {
  const [state, setState] = useState<ActionState>(IDLE);
  const latest = useRef(options);
  latest.current = options;
  // Each call and each reset gets a new number; only the current call may report.
  const callId = useRef(0);
  useEffect(
    () => () => {
      callId.current++;
    },
    [],
  );

  const mutate = useCallback((args: TArgs) => {
    const id = ++callId.current;
    setState({ isPending: true, isSuccess: false, error: null });
    latest.current.mutationFn(args).then(
      (result) => {
        if (id !== callId.current) return;
        setState({ isPending: false, isSuccess: true, error: null });
        latest.current.onSuccess?.(result);
      },
      (error: unknown) => {
        if (id !== callId.current) return;
        setState({
          isPending: false,
          isSuccess: false,
          error: error instanceof Error ? error : new Error(String(error)),
        });
      },
    );
  }, []);

  const reset = useCallback(() => {
    callId.current++;
    setState(IDLE);
  }, []);

  return { ...state, mutate, reset };
}
