import { useState } from 'preact/hooks';

export interface Call<T = any> {
  busy: boolean;
  result?: T;
  error?: unknown;
  run(work: () => Promise<T>): Promise<void>;
}

/** One request started from a form: busy while it runs, then its result or its error. */
export function useCall<T = any>(): Call<T> {
  const [state, setState] = useState<{ busy: boolean; result?: T; error?: unknown }>({ busy: false });
  async function run(work: () => Promise<T>) {
    setState({ busy: true });
    try {
      setState({ busy: false, result: await work() });
    } catch (error) {
      setState({ busy: false, error });
    }
  }
  return { ...state, run };
}
