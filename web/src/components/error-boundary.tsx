import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportRenderError } from '../lib/monitoring';
import { ErrorPage } from './error-page';

interface Props {
  children: ReactNode;
  /** A change of this value (the path) clears the error, so navigating away from a broken page works. */
  resetKey?: string;
}

interface State {
  error: unknown;
  resetKey: string | undefined;
  hasError: boolean;
}

/** Catches a rendering crash below it, reports it, and shows the "Something went wrong" page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, hasError: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportRenderError(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasError ? <ErrorPage /> : this.props.children;
  }
}
